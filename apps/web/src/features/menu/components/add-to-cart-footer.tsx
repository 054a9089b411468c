import { formatMoney } from '@/lib/money';
import { QuantityStepper } from './quantity-stepper';

/** The product and deal dialogs' footer: quantity, and "Add to cart" with the line's live total. */
export function AddToCartFooter({
  quantity,
  onQuantity,
  total,
  onAdd,
}: {
  quantity: number;
  onQuantity(quantity: number): void;
  total: number;
  onAdd(): void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <QuantityStepper quantity={quantity} onChange={onQuantity} />
      <button
        type="button"
        onClick={onAdd}
        className="flex-1 rounded-md bg-primary px-5 py-3 font-semibold text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        Add to cart · <span>{formatMoney(total)}</span>
      </button>
    </div>
  );
}
