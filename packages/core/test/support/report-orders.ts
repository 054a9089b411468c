import fc from 'fast-check';
import { type ReportOrder, parseCsv as readCsv } from '../../src/index.js';

/** Orders for the sales report's tests: a worked example's factory and the property tests' arbitrary. */

export const sydney = 'Australia/Sydney';

export function order(overrides: Partial<ReportOrder> = {}): ReportOrder {
  return {
    order_number: '1001',
    restaurant_id: 1,
    timezone: sydney,
    placed_at: '2026-11-16T01:30:00.000Z', // Monday 12:30 in Sydney (AEDT, +11)
    method: 'pickup',
    payment_method: 'card',
    refunded: false,
    refunded_at: null,
    tax_exclusive: false,
    subtotal: 3000,
    discount: 0,
    tax: 273,
    delivery: 0,
    surcharge: 0,
    gift_card: 0,
    loyalty: 0,
    total: 3000,
    amount_due: 3000,
    tip: 0,
    tip_tax: 0,
    handled_by: null,
    lines: [{ name: 'Margherita', quantity: 2, discounted_item_total: 3000, tax: 273, details: ['Size: Large'] }],
    adjustments: [],
    ...overrides,
  };
}

export const base = { from: '2026-11-16', to: '2026-11-22', giftCardSales: [], timezone: sydney, giftCardLiability: 0 };

/** The rows of a CSV the export wrote (core's RFC 4180 reader). */
export const parseCsv = (text: string): string[][] => readCsv(text).map((r) => r.cells);

const lineArb = fc.record({
  name: fc.constantFrom('Margherita', 'Calzone', 'Chips', 'Cola'),
  quantity: fc.integer({ min: 1, max: 5 }),
  price: fc.integer({ min: 0, max: 5000 }),
  details: fc.array(fc.constantFrom('Size: Large', 'Extra cheese', 'No onion'), { maxLength: 2 }),
});

export const orderArb: fc.Arbitrary<ReportOrder> = fc
  .record({
    lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
    couponShare: fc.integer({ min: 0, max: 100 }),
    offerShare: fc.integer({ min: 0, max: 100 }),
    delivery: fc.integer({ min: 0, max: 1000 }),
    surcharge: fc.integer({ min: 0, max: 300 }),
    loyalty: fc.integer({ min: 0, max: 2000 }),
    giftBalance: fc.integer({ min: 0, max: 5000 }),
    tip: fc.integer({ min: 0, max: 1500 }),
    tipsTaxed: fc.boolean(),
    handledBy: fc.constantFrom(null, { id: 1, name: 'Ana' }, { id: 2, name: 'Ben' }, { id: 3, name: 'Ana' }),
    refunded: fc.boolean(),
    refundAfter: fc.integer({ min: 0, max: 12 * 24 * 3600 * 1000 }),
    exclusive: fc.boolean(),
    at: fc.integer({ min: Date.parse('2026-11-15T00:00:00Z'), max: Date.parse('2026-11-24T00:00:00Z') }),
    method: fc.constantFrom('pickup', 'delivery', 'dine_in'),
    payment: fc.constantFrom('card', 'cash_on_delivery'),
    timezone: fc.constantFrom(sydney, 'Australia/Perth', 'Pacific/Auckland'),
  })
  .map((o): ReportOrder => {
    const subtotal = o.lines.reduce((s, l) => s + l.price * l.quantity, 0);
    const coupon = Math.floor((subtotal * o.couponShare) / 200);
    const offer = Math.floor(((subtotal - coupon) * o.offerShare) / 200);
    const discount = coupon + offer;
    // Line shares of the discount: the last line takes the rounding rest.
    let left = discount;
    const lines = o.lines.map((l, i) => {
      const gross = l.price * l.quantity;
      const share = i === o.lines.length - 1 ? left : Math.min(left, Math.floor((gross * discount) / (subtotal || 1)));
      left -= share;
      return { name: l.name, quantity: l.quantity, discounted_item_total: gross - share, tax: 0, details: l.details };
    });
    const fixed = lines.map((l) => ({ ...l, tax: Math.floor(l.discounted_item_total / 11) }));
    const tax = fixed.reduce((s, l) => s + l.tax, 0);
    const before = subtotal - discount + (o.exclusive ? tax : 0) + o.delivery + o.surcharge;
    const loyalty = Math.min(o.loyalty, before);
    const total = before - loyalty;
    const giftCard = Math.min(o.giftBalance, total);
    return {
      order_number: String(o.at),
      restaurant_id: 1,
      timezone: o.timezone,
      placed_at: new Date(o.at).toISOString(),
      method: o.method,
      payment_method: o.payment,
      refunded: o.refunded,
      refunded_at: o.refunded ? new Date(o.at + o.refundAfter).toISOString() : null,
      tax_exclusive: o.exclusive,
      subtotal,
      discount,
      tax,
      delivery: o.delivery,
      surcharge: o.surcharge,
      gift_card: giftCard,
      loyalty,
      total,
      amount_due: total - giftCard + o.tip,
      tip: o.tip,
      tip_tax: o.tipsTaxed ? Math.floor((o.tip * 1000 * 2 + 11_000) / 22_000) : 0,
      handled_by: o.handledBy,
      lines: fixed,
      adjustments: [
        { reason: 'coupon', amount: -coupon },
        { reason: 'buy_x_get_y', amount: -offer },
      ],
    };
  });

export const sum = <T>(list: readonly T[], of: (t: T) => number) => list.reduce((s, t) => s + of(t), 0);
