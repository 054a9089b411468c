import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** The notice's dialog (Radix, loaded only when it first opens). Texts are the spec's, verbatim. */
export function OnlineOrdersDisabledDialog({
  open,
  onClose,
  pausedUntil = null,
}: {
  open: boolean;
  onClose: () => void;
  /** A restaurant's pause (decision 017): when ordering comes back. */
  pausedUntil?: string | null;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="p-6">
        <DialogTitle className="pr-10 font-bold text-xl">We're not accepting online orders at the moment.</DialogTitle>
        <DialogDescription className="mt-2 text-stone-600">
          You can still browse our menu and explore items.
        </DialogDescription>
        {pausedUntil && (
          <p className="mt-2 text-stone-600">
            Online ordering is paused for a short while and resumes at{' '}
            {new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(pausedUntil))}.
          </p>
        )}
        <DialogClose className="mt-6 w-full rounded-md bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
          Continue Browsing
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
