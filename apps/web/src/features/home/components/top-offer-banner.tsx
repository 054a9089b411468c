import { X } from '@/components/ui/icon';

/** The promotional strip above the header (spec §1); dismissible for this visit. */
export function TopOfferBanner({ text, height, onDismiss }: { text: string; height: number; onDismiss: () => void }) {
  return (
    <aside
      aria-label="Offer"
      className="relative flex items-center justify-center gap-2 bg-primary-dark px-10 text-center text-xs text-white sm:text-sm"
      style={{ minHeight: height }}
    >
      {/* One line on a phone: a long offer ends in an ellipsis (the whole text is still read out). */}
      <p className="min-w-0 truncate py-2">{text}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss offer"
        className="absolute right-2 grid size-8 place-items-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}
