/**
 * How loyalty points and a gift card apply to an order's total (decision 018). Points are a discount:
 * they lower what the order costs, capped at that total. A gift card is a payment: it pays up to
 * what is still due; the rest is paid by card or cash. An order the gift card pays in full needs
 * no other payment.
 */

export interface PaymentSplitInput {
  /** The pricing engine's total (after coupons, tax, delivery, surcharge). */
  totalCents: number;
  /** Value of the points already capped by redeemPoints (≤ totalCents). */
  loyaltyCents: number;
  /** The gift card's available balance; 0 without one. */
  giftCardBalanceCents: number;
}

export interface PaymentSplit {
  /** Taken off by points. */
  loyalty: number;
  /** What the order costs after points. */
  total: number;
  /** Paid by the gift card. */
  gift_card: number;
  /** Left for card or cash. */
  amount_due: number;
  /** true when nothing is left to pay by card or cash. */
  fully_paid: boolean;
}

function whole(value: number, what: string) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole cents ≥ 0`);
}

export function splitPayment(input: PaymentSplitInput): PaymentSplit {
  whole(input.totalCents, 'total');
  whole(input.loyaltyCents, 'loyalty');
  whole(input.giftCardBalanceCents, 'gift card balance');
  const loyalty = Math.min(input.loyaltyCents, input.totalCents);
  const total = input.totalCents - loyalty;
  const giftCard = Math.min(input.giftCardBalanceCents, total);
  const amountDue = total - giftCard;
  return { loyalty, total, gift_card: giftCard, amount_due: amountDue, fully_paid: amountDue === 0 };
}
