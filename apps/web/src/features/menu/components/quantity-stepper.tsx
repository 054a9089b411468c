import { Minus, Plus } from '@/components/ui/icon';

/** The dialogs' quantity control: 1 to 99 per line, the cart's own limits. */
export function QuantityStepper({ quantity, onChange }: { quantity: number; onChange(next: number): void }) {
  const buttonClass = 'rounded-full border border-stone-300 p-2 hover:bg-stone-100 disabled:opacity-50';
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        aria-label="Decrease quantity"
        disabled={quantity <= 1}
        onClick={() => onChange(Math.max(1, quantity - 1))}
        className={buttonClass}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <output aria-label={`Quantity ${quantity}`} className="w-6 text-center font-semibold">
        {quantity}
      </output>
      <button
        type="button"
        aria-label="Increase quantity"
        disabled={quantity >= 99}
        onClick={() => onChange(Math.min(99, quantity + 1))}
        className={buttonClass}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
