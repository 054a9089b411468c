import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateProportionally,
  calculateDiscount,
  exclusiveTaxCents,
  inclusiveTaxCents,
  type PricingCoupon,
  type PricingInput,
  type PricingLineInput,
  type PricingOffer,
  priceCart,
} from '../src/index.js';
import { cart, context, line } from './support/pricing.js';

const lineArb: fc.Arbitrary<PricingLineInput> = fc.record({
  id: fc.integer({ min: 1, max: 10_000 }),
  kind: fc.constantFrom('product', 'deal', 'combo', 'half_and_half'),
  quantity: fc.integer({ min: 1, max: 6 }),
  unit_price_cents: fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.constantFrom(0, 1, 5, 99, 333)),
  restaurant_id: fc.constant(1),
  product_id: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
  restaurant_product_id: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
  category_id: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  children: fc.array(
    fc.record({ product_id: fc.integer({ min: 1, max: 6 }), category_id: fc.integer({ min: 1, max: 3 }) }),
    { maxLength: 2 },
  ),
});

const linesArb = fc.uniqueArray(lineArb, { selector: (l) => l.id, maxLength: 8 });

const scope = {
  product_ids: fc.option(fc.subarray([1, 2, 3, 4, 5, 6], { minLength: 1 }), { nil: null }),
  category_ids: fc.option(fc.subarray([1, 2, 3], { minLength: 1 }), { nil: null }),
};

const couponArb: fc.Arbitrary<PricingCoupon> = fc
  .record({
    id: fc.integer({ min: 1, max: 40 }),
    discount_type: fc.constantFrom('flat', 'percentage'),
    value: fc.integer({ min: 0, max: 10_000 }),
    max_discount_cents: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null }),
    min_spend_cents: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
    ...scope,
    excludes_cash_on_delivery: fc.boolean(),
    methods: fc.option(fc.subarray(['pickup', 'delivery', 'dine_in'] as const, { minLength: 1 }), { nil: null }),
    is_auto_coupon: fc.boolean(),
    stackable: fc.boolean(),
  })
  .map((c) => ({ ...c, code: `C${c.id}` }));

const offerArb: fc.Arbitrary<PricingOffer> = fc.oneof(
  fc.record({
    id: fc.integer({ min: 1, max: 40 }),
    name: fc.constant('Free item'),
    offer_type: fc.constant('free_item' as const),
    free_quantity: fc.integer({ min: 1, max: 3 }),
    min_spend_cents: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
    ...scope,
  }),
  fc.record({
    id: fc.integer({ min: 1, max: 40 }),
    name: fc.constant('Buy X get Y'),
    offer_type: fc.constant('buy_x_get_y' as const),
    buy_quantity: fc.integer({ min: 1, max: 3 }),
    get_quantity: fc.integer({ min: 1, max: 2 }),
    get_discount_bp: fc.integer({ min: 1, max: 10_000 }),
    max_applications: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    ...scope,
  }),
  fc.record({
    id: fc.integer({ min: 1, max: 40 }),
    name: fc.constant('Order discount'),
    offer_type: fc.constant('order_discount' as const),
    discount_type: fc.constantFrom('flat', 'percentage'),
    value: fc.integer({ min: 0, max: 10_000 }),
    max_discount_cents: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null }),
    min_spend_cents: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
  }),
);

const inputArb: fc.Arbitrary<PricingInput> = fc
  .record({
    lines: linesArb,
    coupons: fc.uniqueArray(couponArb, { selector: (c) => c.id, maxLength: 4 }),
    offers: fc.uniqueArray(offerArb, { selector: (o) => o.id, maxLength: 3 }),
    enter: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
    mode: fc.constantFrom('inclusive', 'exclusive'),
    rate_bp: fc.oneof(fc.constantFrom(0, 1000, 825, 1500), fc.integer({ min: 0, max: 10_000 })),
    method: fc.constantFrom('pickup', 'delivery', 'dine_in'),
    cash_on_delivery: fc.boolean(),
    delivery_charge_cents: fc.integer({ min: 0, max: 2_000 }),
    surcharge: fc.option(
      fc.record({ flat_cents: fc.integer({ min: 0, max: 200 }), rate_bp: fc.integer({ min: 0, max: 500 }) }),
      { nil: null },
    ),
    order_count: fc.integer({ min: 0, max: 3 }),
  })
  .map((r) => ({
    lines: r.lines,
    tax: { mode: r.mode, rate_bp: r.rate_bp },
    context: context({
      method: r.method,
      cash_on_delivery: r.cash_on_delivery,
      customer: { order_count: r.order_count, coupon_uses: {} },
    }),
    // Sometimes a code that exists, sometimes one that does not.
    coupon_code: r.enter === null ? null : (r.coupons[r.enter]?.code ?? 'NOPE'),
    coupons: r.coupons,
    offers: r.offers,
    delivery_charge_cents: r.delivery_charge_cents,
    cash_surcharge: r.surcharge,
  }));

const sumOf = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Exact round-half-up of a × b / c for non-negative integers. */
const exactHalfUp = (a: number, b: number, c: number) =>
  Number((BigInt(a) * BigInt(b) * 2n + BigInt(c)) / (BigInt(c) * 2n));

describe('pricing engine properties', () => {
  it('totals are never negative and every line stays between 0 and its item_total', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { totals, lines } = priceCart(input);
        for (const value of Object.values(totals)) expect(value).toBeGreaterThanOrEqual(0);
        for (const l of lines) {
          expect(l.item_total).toBe(l.unit_price_cents * l.quantity);
          expect(l.discount_amount).toBeGreaterThanOrEqual(0);
          expect(l.order_level_discount).toBeGreaterThanOrEqual(0);
          expect(l.discount_amount + l.order_level_discount).toBeLessThanOrEqual(l.item_total);
          expect(l.discounted_item_total).toBe(l.item_total - l.discount_amount - l.order_level_discount);
          expect(l.tax).toBeGreaterThanOrEqual(0);
          expect(l.offer_quantity_applied).toBeLessThanOrEqual(l.quantity);
          if (l.is_free) expect(l.discounted_item_total).toBe(0);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('line sums equal the totals, and total = subtotal − discount (+ tax if exclusive) + delivery + surcharge', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { totals, lines } = priceCart(input);
        expect(totals.subtotal).toBe(sumOf(lines.map((l) => l.item_total)));
        expect(totals.discount).toBe(sumOf(lines.map((l) => l.discount_amount + l.order_level_discount)));
        expect(totals.tax).toBe(sumOf(lines.map((l) => l.tax)));
        expect(totals.item_count).toBe(sumOf(lines.map((l) => l.quantity)));
        const taxAdded = input.tax.mode === 'exclusive' ? totals.tax : 0;
        expect(totals.total).toBe(totals.subtotal - totals.discount + taxAdded + totals.delivery + totals.surcharge);
      }),
      { numRuns: 400 },
    );
  });

  it('every adjustment is the sum of its line shares, and the discounts add up to the total discount', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { totals, lines, adjustments } = priceCart(input);
        const discounts = adjustments.filter((a) => a.amount < 0);
        for (const a of discounts) expect(sumOf(a.lines.map((l) => l.amount))).toBe(a.amount);
        expect(0 - sumOf(discounts.map((a) => a.amount))).toBe(totals.discount);
        const orderShares = adjustments.filter((a) => a.reason === 'order_discount').flatMap((a) => a.lines);
        for (const l of lines) {
          const mine = orderShares.filter((s) => s.line_id === l.id);
          expect(0 - sumOf(mine.map((s) => s.amount))).toBe(l.order_level_discount);
        }
        const charges = adjustments.filter((a) => a.amount > 0);
        expect(sumOf(charges.map((a) => a.amount))).toBe(totals.delivery + totals.surcharge);
      }),
      { numRuns: 300 },
    );
  });

  it('the same lines in any order give the same prices, adjustments and rejections', () => {
    const pair = inputArb.chain((input) =>
      fc
        .shuffledSubarray([...input.lines], { minLength: input.lines.length, maxLength: input.lines.length })
        .map((shuffled) => [input, { ...input, lines: shuffled }] as const),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const first = priceCart(a);
        const second = priceCart(b);
        const byId = (lines: typeof first.lines) => [...lines].sort((x, y) => x.id - y.id);
        expect(byId(second.lines)).toEqual(byId(first.lines));
        expect(second.totals).toEqual(first.totals);
        expect(second.adjustments).toEqual(first.adjustments);
        expect(second.coupon_rejection).toEqual(first.coupon_rejection);
        expect(second.auto_coupon_rejections).toEqual(first.auto_coupon_rejections);
      }),
      { numRuns: 300 },
    );
  });

  it('a coupon never takes more than its maximum, nor more than the lines in its scope cost', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { adjustments, lines } = priceCart(input);
        for (const a of adjustments.filter((x) => x.reason === 'coupon' || x.reason === 'auto_coupon')) {
          const coupon = input.coupons?.find((c) => c.id === a.source_id);
          if (!coupon) throw new Error('an adjustment names a coupon that was not given');
          if (coupon.max_discount_cents != null) expect(-a.amount).toBeLessThanOrEqual(coupon.max_discount_cents);
          if (coupon.discount_type === 'flat') expect(-a.amount).toBeLessThanOrEqual(coupon.value);
          for (const share of a.lines) {
            const target = lines.find((l) => l.id === share.line_id);
            expect(-share.amount).toBeLessThanOrEqual(target?.item_total ?? 0);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('coupons match the spec discount helper (§5)', () => {
  it('Percentage: each line loses amount × value / 100, rounded half-up once per line', () => {
    fc.assert(
      fc.property(linesArb, fc.integer({ min: 0, max: 100 }), (lines, percent) => {
        const coupon: PricingCoupon = { id: 1, code: 'P', discount_type: 'percentage', value: percent * 100 };
        const result = priceCart(cart(lines, { coupon_code: 'P', coupons: [coupon] }));
        for (const l of result.lines) {
          const spec = calculateDiscount('Percentage', percent, l.item_total);
          expect(l.discount_amount).toBe(Math.floor(spec + 0.5));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('Percentage in basis points (12.5% = 1250) is exact: round-half-up of amount × bp / 10000', () => {
    fc.assert(
      fc.property(linesArb, fc.integer({ min: 0, max: 10_000 }), (lines, bp) => {
        const coupon: PricingCoupon = { id: 1, code: 'P', discount_type: 'percentage', value: bp };
        const result = priceCart(cart(lines, { coupon_code: 'P', coupons: [coupon] }));
        for (const l of result.lines) expect(l.discount_amount).toBe(exactHalfUp(l.item_total, bp, 10_000));
      }),
      { numRuns: 300 },
    );
  });

  it('Flat: the order loses the value, but never more than the items cost', () => {
    fc.assert(
      fc.property(linesArb, fc.integer({ min: 0, max: 50_000 }), (lines, value) => {
        const coupon: PricingCoupon = { id: 1, code: 'F', discount_type: 'flat', value };
        const result = priceCart(cart(lines, { coupon_code: 'F', coupons: [coupon] }));
        const spec = calculateDiscount('Flat', value, result.totals.subtotal);
        expect(result.totals.discount).toBe(Math.min(spec, result.totals.subtotal));
      }),
      { numRuns: 300 },
    );
  });

  it('the helper itself is the spec: Flat returns the value, Percentage amount × value / 100', () => {
    expect(calculateDiscount('Flat', 5, 20)).toBe(5);
    expect(calculateDiscount('Percentage', 10, 42.5)).toBe(4.25);
  });
});

describe('tax identities', () => {
  const amount = fc.integer({ min: 0, max: 10_000_000 });
  const rate = fc.integer({ min: 0, max: 10_000 });

  it('inclusive: tax = round(gross × rate / (10000 + rate)), never more than the gross', () => {
    fc.assert(
      fc.property(amount, rate, (gross, r) => {
        const tax = inclusiveTaxCents(gross, r);
        expect(tax).toBeGreaterThanOrEqual(0);
        expect(tax).toBeLessThanOrEqual(gross);
        // |tax − gross × r / (10000 + r)| ≤ ½, in integers.
        expect(Math.abs(2 * (tax * (10_000 + r) - gross * r))).toBeLessThanOrEqual(10_000 + r);
      }),
    );
  });

  it('exclusive: tax = round(net × rate / 10000), and the line total is net + tax', () => {
    fc.assert(
      fc.property(amount, rate, (net, r) => {
        const tax = exclusiveTaxCents(net, r);
        expect(Math.abs(2 * (tax * 10_000 - net * r))).toBeLessThanOrEqual(10_000);
        const priced = priceCart(cart([line(1, net)], { tax: { mode: 'exclusive', rate_bp: r } }));
        expect(priced.totals.total).toBe(net + tax);
      }),
    );
  });

  it('inclusive and exclusive agree: the tax inside net + exclusive tax is that tax, to the cent', () => {
    fc.assert(
      fc.property(amount, rate, (net, r) => {
        const added = exclusiveTaxCents(net, r);
        expect(Math.abs(inclusiveTaxCents(net + added, r) - added)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('an inclusive cart total is unchanged by the rate; only the tax inside it moves', () => {
    fc.assert(
      fc.property(linesArb, rate, (lines, r) => {
        const plain = priceCart(cart(lines));
        const taxed = priceCart(cart(lines, { tax: { mode: 'inclusive', rate_bp: r } }));
        expect(taxed.totals.total).toBe(plain.totals.total);
        for (const l of taxed.lines) expect(l.tax).toBe(inclusiveTaxCents(l.discounted_item_total, r));
      }),
    );
  });
});

describe('proportional allocation', () => {
  it('shares add up exactly, none exceeds its weight, each is within a cent of its exact share', () => {
    const weights = fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 10 });
    fc.assert(
      fc.property(
        weights.chain((w) => fc.tuple(fc.constant(w), fc.integer({ min: 0, max: sumOf(w) }))),
        ([w, total]) => {
          const shares = allocateProportionally(total, w);
          expect(sumOf(shares)).toBe(total);
          const sum = sumOf(w);
          shares.forEach((share, i) => {
            const weight = w[i] ?? 0;
            expect(share).toBeLessThanOrEqual(weight);
            // |share − total × w / Σw| < 1 (all-zero weights can only take 0, checked above)
            if (sum > 0) expect(Math.abs(share * sum - total * weight)).toBeLessThan(sum);
          });
        },
      ),
    );
  });

  it('refuses to allocate more than the weights', () => {
    expect(() => allocateProportionally(11, [5, 5])).toThrow(RangeError);
  });
});
