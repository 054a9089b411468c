import type { ItemOfferType, PricingLineInput } from './types.js';

/** A line while the engine works on it (sorted by id, so every tie-break is deterministic). */
export interface WorkLine {
  line: PricingLineInput;
  item_total: number;
  offer_discount: number;
  coupon_discount: number;
  order_discount: number;
  offer: { type: ItemOfferType; id: number; units: number } | null;
  /** Taken part in an item offer: a line takes part in at most one. */
  claimed: boolean;
  coupon: { code: string; id: number; is_auto: boolean } | null;
}

/** What the line still costs after the discounts applied so far. */
export const remaining = (w: WorkLine) => w.item_total - w.offer_discount - w.coupon_discount - w.order_discount;
