import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { primaryButton, secondaryButton } from '@/components/ui/styles';

/** The sandbox's 3-D-Secure-style step: the "bank" asks the customer to approve the payment. */
export function ChallengeDialog({
  open,
  amount,
  busy,
  onAnswer,
}: {
  open: boolean;
  amount: string;
  busy: boolean;
  onAnswer(approve: boolean): void;
}) {
  return (
    <Dialog open={open}>
      <DialogContent dismissible={false} className="gap-4 p-6">
        <DialogTitle className="font-bold text-xl">Confirm your payment</DialogTitle>
        <DialogDescription className="text-stone-700">
          Your bank asks you to confirm this payment of {amount}. This is a test: choose whether the check passes.
        </DialogDescription>
        <div className="flex flex-wrap gap-3">
          <button type="button" disabled={busy} onClick={() => onAnswer(true)} className={primaryButton}>
            Approve payment
          </button>
          <button type="button" disabled={busy} onClick={() => onAnswer(false)} className={secondaryButton}>
            Fail the check
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
