import { X } from 'lucide-react';

/** The promotional strip above the header (spec §1); dismissible for this visit. */
export function TopOfferBanner({ text, height, onDismiss }: { text: string; height: number; onDismiss: () => void }) {
  return (
    <aside
      aria-label="Offer"
      className="relative flex items-center justify-center gap-2 bg-primary-dark px-10 text-center text-sm text-white"
      style={{ minHeight: height }}
    >
      <p className="py-2">{text}</p>
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
