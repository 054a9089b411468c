import type { PaymentSplit } from '@orderfront/core';
import { cardClass } from '@/components/ui/styles';
import { TaxRow } from '@/components/ui/tax-row';
import { formatMoney } from '@/lib/money';
import { selectDeliveryCents, useCheckoutStore } from '../stores/checkout-store';

export interface SummaryLine {
  id: number;
  name: string;
  quantity: number;
  /** Cents after the line's discounts. */
  total: number;
  details: string[];
}

/** The cart as the server priced it (the route maps the cart feature's answer to this). */
export interface SummaryCart {
  lines: SummaryLine[];
  subtotal: number;
  discount: number;
  surcharge: number;
  tax: number;
  total: number;
}

/** Inclusive (GST-style) tax is part of the prices: the lines already add up to the total. */
const taxIncluded = (cart: SummaryCart) => cart.subtotal - cart.discount + cart.surcharge === cart.total;

/** Cart lines and the server's totals, plus the quoted delivery charge for delivery. */
export function OrderSummary({
  cart,
  loading,
  split,
}: {
  cart: SummaryCart | null;
  loading?: boolean;
  /** Points and a gift card chosen on the payment step, as the pricing engine splits them. */
  split?: PaymentSplit | null;
}) {
  const method = useCheckoutStore((s) => s.deliveryMethod);
  const deliveryError = useCheckoutStore((s) => s.deliveryError);
  const deliveryQuoted = useCheckoutStore((s) => s.deliveryQuoted);
  const quoting = useCheckoutStore((s) => s.deliveryChargeLoading);
  const delivery = useCheckoutStore(selectDeliveryCents);
  const paidOtherwise = split && (split.loyalty > 0 || split.gift_card > 0);
  return (
    <section aria-labelledby="order-summary-title" className={`${cardClass} flex flex-col gap-3`}>
      <h2 id="order-summary-title" className="font-bold text-xl">
        Order summary
      </h2>
      {loading && <p className="text-stone-700">Loading your cart…</p>}
      {!loading && (!cart || cart.lines.length === 0) && <p className="text-stone-700">Your cart is empty.</p>}
      {cart && cart.lines.length > 0 && (
        <>
          <ul className="flex flex-col gap-2" aria-label="Items">
            {cart.lines.map((line) => (
              <li key={line.id} className="flex justify-between gap-3 text-sm" data-testid="summary-line">
                <div>
                  <p className="font-medium">
                    {line.quantity} × {line.name}
                  </p>
                  {line.details.length > 0 && <p className="text-stone-600 text-xs">{line.details.join(' · ')}</p>}
                </div>
                <p className="shrink-0">{formatMoney(line.total)}</p>
              </li>
            ))}
          </ul>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-stone-200 border-t pt-3 text-sm">
            <dt>Subtotal</dt>
            <dd className="text-right">{formatMoney(cart.subtotal)}</dd>
            {cart.discount > 0 && (
              <>
                <dt>Discount</dt>
                <dd className="text-right">−{formatMoney(cart.discount)}</dd>
              </>
            )}
            {cart.surcharge > 0 && (
              <>
                <dt>Cash surcharge</dt>
                <dd className="text-right">{formatMoney(cart.surcharge)}</dd>
              </>
            )}
            {method === 'delivery' && (
              <>
                <dt>Delivery</dt>
                <dd className="text-right" data-testid="summary-delivery">
                  {quoting
                    ? 'Checking…'
                    : !deliveryQuoted
                      ? 'Calculated from your address'
                      : deliveryError
                        ? 'Not available'
                        : delivery > 0
                          ? formatMoney(delivery)
                          : 'Free'}
                </dd>
              </>
            )}
            {!taxIncluded(cart) && <TaxRow amount={formatMoney(cart.tax)} included={false} testId="summary-tax" />}
            <dt className="font-bold text-base">Total</dt>
            <dd className="text-right font-bold text-base" data-testid="summary-total">
              {formatMoney(cart.total + delivery)}
            </dd>
            {taxIncluded(cart) && <TaxRow amount={formatMoney(cart.tax)} included testId="summary-tax" />}
            {paidOtherwise && (
              <>
                {split.loyalty > 0 && (
                  <>
                    <dt>Points</dt>
                    <dd className="text-right">−{formatMoney(split.loyalty)}</dd>
                  </>
                )}
                {split.gift_card > 0 && (
                  <>
                    <dt>Gift card</dt>
                    <dd className="text-right">−{formatMoney(split.gift_card)}</dd>
                  </>
                )}
                <dt className="font-bold text-base">To pay</dt>
                <dd className="text-right font-bold text-base" data-testid="summary-amount-due">
                  {formatMoney(split.amount_due)}
                </dd>
              </>
            )}
          </dl>
        </>
      )}
    </section>
  );
}
