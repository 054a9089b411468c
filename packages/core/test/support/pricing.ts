import type { PricingContext, PricingInput, PricingLineInput } from '../../src/index.js';

/** A line of restaurant 1 with the fields the engine needs; override what a test is about. */
export function line(id: number, unitPriceCents: number, over: Partial<PricingLineInput> = {}): PricingLineInput {
  return {
    id,
    kind: 'product',
    quantity: 1,
    unit_price_cents: unitPriceCents,
    restaurant_id: 1,
    product_id: 100 + id,
    restaurant_product_id: 200 + id,
    category_id: 1,
    ...over,
  };
}

/** Monday 23 November 2026, 12:00 in Sydney (AEDT, UTC+11). */
export const sydneyNoon = '2026-11-23T01:00:00Z';

export function context(over: Partial<PricingContext> = {}): PricingContext {
  return {
    method: 'pickup',
    cash_on_delivery: false,
    now: sydneyNoon,
    timezone: 'Australia/Sydney',
    customer: { order_count: 3, coupon_uses: {} },
    ...over,
  };
}

/** A cart with no tax unless the test sets it, so amounts read as plainly as the test name. */
export function cart(lines: PricingLineInput[], over: Partial<PricingInput> = {}): PricingInput {
  return { lines, tax: { mode: 'exclusive', rate_bp: 0 }, context: context(), ...over };
}
