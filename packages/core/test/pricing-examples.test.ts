import { describe, expect, it } from 'vitest';
import { type PricingCoupon, type PricingOffer, priceCart } from '../src/index.js';
import { cart, context, line } from './support/pricing.js';

const coupon = (over: Partial<PricingCoupon> = {}): PricingCoupon => ({
  id: 1,
  code: 'SAVE',
  discount_type: 'percentage',
  value: 1000,
  ...over,
});

describe('coupons: worked examples', () => {
  it('10% off $42.50 with min $30 → $38.25', () => {
    const result = priceCart(
      cart([line(1, 4250)], { coupon_code: 'SAVE', coupons: [coupon({ min_spend_cents: 3000 })] }),
    );
    expect(result.coupon_rejection).toBeNull();
    expect(result.totals).toMatchObject({ subtotal: 4250, discount: 425, total: 3825 });
    expect(result.lines[0]).toMatchObject({
      item_total: 4250,
      discount_amount: 425,
      discounted_item_total: 3825,
      applied_coupon: 'SAVE',
      coupon_id: 1,
      is_auto_coupon: false,
    });
    expect(result.adjustments).toEqual([
      {
        reason: 'coupon',
        source_id: 1,
        code: 'SAVE',
        label: 'SAVE: 10% off',
        amount: -425,
        lines: [{ line_id: 1, amount: -425 }],
      },
    ]);
  });

  it('10% off $25.00 with min $30 → refused: "Spend at least $30.00 to use this coupon."', () => {
    const result = priceCart(
      cart([line(1, 2500)], { coupon_code: 'SAVE', coupons: [coupon({ min_spend_cents: 3000 })] }),
    );
    expect(result.totals.total).toBe(2500);
    expect(result.coupon_rejection).toEqual({
      coupon_id: 1,
      code: 'SAVE',
      reason: 'min_spend_not_met',
      message: 'Spend at least $30.00 to use this coupon.',
    });
    expect(result.adjustments).toEqual([]);
  });

  it('$5 off $20 with max $3 → $17', () => {
    const result = priceCart(
      cart([line(1, 2000)], {
        coupon_code: 'FIVE',
        coupons: [coupon({ code: 'FIVE', discount_type: 'flat', value: 500, max_discount_cents: 300 })],
      }),
    );
    expect(result.totals).toMatchObject({ discount: 300, total: 1700 });
    expect(result.adjustments[0]?.label).toBe('FIVE: $5.00 off');
  });

  it('$5 off a $3.00 cart → $0.00 (a flat coupon never takes more than the items cost)', () => {
    const result = priceCart(
      cart([line(1, 300)], {
        coupon_code: 'FIVE',
        coupons: [coupon({ code: 'FIVE', discount_type: 'flat', value: 500 })],
      }),
    );
    expect(result.totals).toMatchObject({ discount: 300, total: 0 });
  });

  it('$1.00 off three $3.00 lines → 34¢, 33¢, 33¢ (the remainder cent to the lowest line id)', () => {
    const lines = [line(30, 300), line(10, 300), line(20, 300)];
    const result = priceCart(
      cart(lines, { coupon_code: 'ONE', coupons: [coupon({ code: 'ONE', discount_type: 'flat', value: 100 })] }),
    );
    expect(result.lines.map((l) => [l.id, l.discount_amount])).toEqual([
      [30, 33],
      [10, 34],
      [20, 33],
    ]);
    expect(result.totals.total).toBe(800);
  });

  it('50% off $30 + $10 with max $8 → $32, the $8 split $6 / $2 like the uncapped discounts', () => {
    const result = priceCart(
      cart([line(1, 3000), line(2, 1000)], {
        coupon_code: 'HALF',
        coupons: [coupon({ code: 'HALF', value: 5000, max_discount_cents: 800 })],
      }),
    );
    expect(result.lines.map((l) => l.discount_amount)).toEqual([600, 200]);
    expect(result.totals.total).toBe(3200);
  });

  it('12.5% off $10.04 → $8.78 (125.5¢ rounds half-up to $1.26, once per line)', () => {
    const result = priceCart(cart([line(1, 1004)], { coupon_code: 'SAVE', coupons: [coupon({ value: 1250 })] }));
    expect(result.totals).toMatchObject({ discount: 126, total: 878 });
    expect(result.adjustments[0]?.label).toBe('SAVE: 12.5% off');
  });

  it('10% off pizzas only: $20.00 pizza + $5.00 drink → $23.00', () => {
    const result = priceCart(
      cart([line(1, 2000, { category_id: 7 }), line(2, 500, { category_id: 8 })], {
        coupon_code: 'PIZZA',
        coupons: [coupon({ code: 'PIZZA', category_ids: [7] })],
      }),
    );
    expect(result.lines.map((l) => l.discount_amount)).toEqual([200, 0]);
    expect(result.lines[1]?.applied_coupon).toBeNull();
    expect(result.totals.total).toBe(2300);
  });

  it('a product-scoped coupon matches either half of a half-and-half pizza ($24.00 → $21.60)', () => {
    const halfAndHalf = line(1, 2400, {
      kind: 'half_and_half',
      product_id: 50,
      category_id: 7,
      children: [
        { product_id: 50, category_id: 7 },
        { product_id: 51, category_id: 7 },
      ],
    });
    const result = priceCart(
      cart([halfAndHalf], { coupon_code: 'HAWAII', coupons: [coupon({ code: 'HAWAII', product_ids: [51] })] }),
    );
    expect(result.totals.total).toBe(2160);
  });

  it('a category coupon does not reach inside a $30.00 deal: refused as not applying to the items', () => {
    const deal = line(1, 3000, {
      kind: 'deal',
      product_id: null,
      category_id: null,
      children: [{ product_id: 50, category_id: 7 }],
    });
    const result = priceCart(
      cart([deal], { coupon_code: 'PIZZA', coupons: [coupon({ code: 'PIZZA', category_ids: [7] })] }),
    );
    expect(result.coupon_rejection?.reason).toBe('no_eligible_items');
    expect(result.coupon_rejection?.message).toBe('This coupon does not apply to the items in your cart.');
    expect(result.totals.total).toBe(3000);
  });

  it('20% off $35.00 with $5 delivery → $33.00', () => {
    const result = priceCart(
      cart([line(1, 3500)], {
        context: context({ method: 'delivery' }),
        delivery_charge_cents: 500,
        coupon_code: 'TWENTY',
        coupons: [coupon({ code: 'TWENTY', value: 2000 })],
      }),
    );
    expect(result.totals).toMatchObject({ subtotal: 3500, discount: 700, delivery: 500, total: 3300 });
    expect(result.adjustments.at(-1)).toEqual({
      reason: 'delivery_charge',
      source_id: null,
      code: null,
      label: 'Delivery',
      amount: 500,
      lines: [],
    });
  });

  it('codes match whatever their case and spaces: " save " finds SAVE', () => {
    const result = priceCart(cart([line(1, 1000)], { coupon_code: ' save ', coupons: [coupon()] }));
    expect(result.totals.total).toBe(900);
  });
});

describe('coupon rejections: every reason has its message', () => {
  const refused = (over: Partial<PricingCoupon>, input: Parameters<typeof cart>[1] = {}) =>
    priceCart(cart([line(1, 4000)], { coupon_code: 'SAVE', coupons: [coupon(over)], ...input })).coupon_rejection;

  it('an unknown code → "Invalid coupon code" (spec §8)', () => {
    const result = priceCart(cart([line(1, 4000)], { coupon_code: 'NOPE', coupons: [coupon()] }));
    expect(result.coupon_rejection).toEqual({
      coupon_id: null,
      code: 'NOPE',
      reason: 'not_found',
      message: 'Invalid coupon code',
    });
    expect(result.totals.total).toBe(4000);
  });

  it('an inactive coupon → "Invalid coupon code"', () => {
    expect(refused({ is_active: false })).toMatchObject({ reason: 'inactive', message: 'Invalid coupon code' });
  });

  it('an empty cart', () => {
    const result = priceCart(cart([], { coupon_code: 'SAVE', coupons: [coupon()] }));
    expect(result.coupon_rejection).toMatchObject({
      reason: 'empty_cart',
      message: 'Add items to your cart to use this coupon.',
    });
  });

  it('another restaurant', () => {
    expect(refused({ restaurant_ids: [2, 3] })).toMatchObject({
      reason: 'wrong_restaurant',
      message: 'This coupon is not valid at this restaurant.',
    });
    expect(refused({ restaurant_ids: [1] })).toBeNull();
  });

  it('another method', () => {
    expect(refused({ methods: ['delivery', 'dine_in'] })).toMatchObject({
      reason: 'wrong_method',
      message: 'This coupon is only valid for delivery or dine-in.',
    });
    expect(refused({ methods: ['dine_in'] }, { context: context({ dine_in: true, method: undefined }) })).toBeNull();
  });

  it('not started, expired', () => {
    expect(refused({ valid_from: '2026-12-01' })).toMatchObject({
      reason: 'not_started',
      message: 'This coupon is not valid yet.',
    });
    expect(refused({ valid_until: '2026-11-22' })).toMatchObject({
      reason: 'expired',
      message: 'This coupon has expired.',
    });
  });

  it('the wrong day of the week (Sydney Monday 23 Nov)', () => {
    expect(refused({ days_of_week: [0, 6, 5] })).toMatchObject({
      reason: 'wrong_day',
      message: 'This coupon is only valid on Friday, Saturday, Sunday.',
    });
    expect(refused({ days_of_week: [1] })).toBeNull();
  });

  it('outside its daily hours', () => {
    expect(refused({ daily_from: '17:00', daily_until: '21:00' })).toMatchObject({
      reason: 'outside_hours',
      message: 'This coupon is only valid between 17:00 and 21:00.',
    });
  });

  it('first order only', () => {
    expect(refused({ first_order_only: true })).toMatchObject({
      reason: 'first_order_only',
      message: 'This coupon is only valid on your first order.',
    });
    const customer = { order_count: 0, coupon_uses: {} };
    expect(refused({ first_order_only: true }, { context: context({ customer }) })).toBeNull();
  });

  it('total usage limit reached (100 of 100 used)', () => {
    expect(refused({ usage_limit: 100, times_used: 100 })).toMatchObject({
      reason: 'usage_limit_reached',
      message: 'This coupon has reached its usage limit.',
    });
    expect(refused({ usage_limit: 100, times_used: 99 })).toBeNull();
  });

  it('per-customer limit reached (used 2 of 2)', () => {
    const customer = { order_count: 5, coupon_uses: { 1: 2 } };
    expect(refused({ per_customer_limit: 2 }, { context: context({ customer }) })).toMatchObject({
      reason: 'customer_limit_reached',
      message: 'You have already used this coupon the maximum number of times.',
    });
    expect(refused({ per_customer_limit: 3 }, { context: context({ customer }) })).toBeNull();
  });

  it('not with cash on delivery', () => {
    const cash = context({ method: 'delivery', cash_on_delivery: true });
    expect(refused({ excludes_cash_on_delivery: true }, { context: cash })).toMatchObject({
      reason: 'cash_on_delivery_excluded',
      message: 'This coupon cannot be used with cash on delivery.',
    });
    expect(refused({ excludes_cash_on_delivery: true })).toBeNull();
  });
});

describe('coupon validity in the restaurant timezone', () => {
  const until2359 = coupon({ valid_until: '2026-11-30T23:59' });
  const at = (now: string) =>
    priceCart(cart([line(1, 1000)], { coupon_code: 'SAVE', coupons: [until2359], context: context({ now }) }));

  it('valid until 23:59 Sydney: at 23:59:30 Sydney (12:59:30 UTC) $10.00 → $9.00', () => {
    const result = at('2026-11-30T12:59:30Z');
    expect(result.coupon_rejection).toBeNull();
    expect(result.totals.total).toBe(900);
  });

  it('valid until 23:59 Sydney: at 00:00 Sydney on 1 Dec (13:00 UTC, still 30 Nov in UTC) → expired', () => {
    expect(at('2026-11-30T13:00:00Z').coupon_rejection?.reason).toBe('expired');
    expect(at('2026-11-30T20:00:00Z').coupon_rejection?.reason).toBe('expired');
  });

  it('a date-only end covers the whole last day in Sydney', () => {
    const result = priceCart(
      cart([line(1, 1000)], {
        coupon_code: 'SAVE',
        coupons: [coupon({ valid_until: '2026-11-30' })],
        context: context({ now: '2026-11-30T12:59:00+00:00' }),
      }),
    );
    expect(result.coupon_rejection).toBeNull();
  });

  it('a start date begins at local midnight: 1 Dec 00:00 Sydney is 30 Nov 13:00 UTC', () => {
    const from = coupon({ valid_from: '2026-12-01' });
    const price = (now: string) =>
      priceCart(cart([line(1, 1000)], { coupon_code: 'SAVE', coupons: [from], context: context({ now }) }));
    expect(price('2026-11-30T12:59:59Z').coupon_rejection?.reason).toBe('not_started');
    expect(price('2026-11-30T13:00:00Z').coupon_rejection).toBeNull();
  });

  it('weekdays are Sydney weekdays: Monday 20:00 UTC is Tuesday 07:00 in Sydney', () => {
    const tuesdays = coupon({ days_of_week: [2] });
    const result = priceCart(
      cart([line(1, 1000)], {
        coupon_code: 'SAVE',
        coupons: [tuesdays],
        context: context({ now: '2026-11-23T20:00:00Z' }),
      }),
    );
    expect(result.coupon_rejection).toBeNull();
  });

  it('a late-night window 22:00–02:00 wraps past midnight', () => {
    const late = coupon({ daily_from: '22:00', daily_until: '02:00' });
    const price = (now: string) =>
      priceCart(cart([line(1, 1000)], { coupon_code: 'SAVE', coupons: [late], context: context({ now }) }));
    expect(price('2026-11-23T12:30:00Z').coupon_rejection).toBeNull(); // 23:30
    expect(price('2026-11-23T14:59:00Z').coupon_rejection).toBeNull(); // 01:59
    expect(price('2026-11-23T15:03:00Z').coupon_rejection?.reason).toBe('outside_hours'); // 02:03
  });
});

describe('auto coupons and how they combine with a code', () => {
  const auto10 = coupon({ id: 5, code: 'AUTO10', is_auto_coupon: true });
  const code20 = coupon({ id: 6, code: 'BIG', value: 2000 });
  const code5 = coupon({ id: 7, code: 'SMALL', value: 500 });

  it('an auto coupon applies without a code: 10% of $50.00 → $45.00, is_auto_coupon', () => {
    const result = priceCart(cart([line(1, 5000)], { coupons: [auto10] }));
    expect(result.totals.total).toBe(4500);
    expect(result.lines[0]).toMatchObject({ applied_coupon: 'AUTO10', coupon_id: 5, is_auto_coupon: true });
    expect(result.adjustments[0]?.reason).toBe('auto_coupon');
  });

  it('the best single coupon wins: code 20% beats auto 10% on $50.00 → $40.00', () => {
    const result = priceCart(cart([line(1, 5000)], { coupon_code: 'BIG', coupons: [auto10, code20] }));
    expect(result.totals.total).toBe(4000);
    expect(result.coupon_rejection).toBeNull();
    expect(result.auto_coupon_rejections).toEqual([
      {
        coupon_id: 5,
        code: 'AUTO10',
        reason: 'better_offer_applied',
        message: 'A better offer is already applied to your cart.',
      },
    ]);
  });

  it('a weaker code loses to auto 10%: $50.00 → $45.00 and the code is refused', () => {
    const result = priceCart(cart([line(1, 5000)], { coupon_code: 'SMALL', coupons: [auto10, code5] }));
    expect(result.totals.total).toBe(4500);
    expect(result.coupon_rejection?.reason).toBe('better_offer_applied');
  });

  it('an equal discount goes to the entered code', () => {
    const same = coupon({ id: 8, code: 'SAME', value: 1000 });
    const result = priceCart(cart([line(1, 5000)], { coupon_code: 'SAME', coupons: [auto10, same] }));
    expect(result.lines[0]?.coupon_id).toBe(8);
    expect(result.auto_coupon_rejections.map((r) => r.coupon_id)).toEqual([5]);
  });

  it('a stackable $5 code applies after auto 10%: $50.00 → $45.00 → $40.00', () => {
    const stack = coupon({ id: 9, code: 'STACK', discount_type: 'flat', value: 500, stackable: true });
    const result = priceCart(cart([line(1, 5000)], { coupon_code: 'STACK', coupons: [stack, auto10] }));
    expect(result.totals.total).toBe(4000);
    expect(result.adjustments.map((a) => [a.code, a.amount])).toEqual([
      ['AUTO10', -500],
      ['STACK', -500],
    ]);
    expect(result.lines[0]?.applied_coupon).toBe('AUTO10');
  });

  it('an auto coupon that does not hold is left out silently, with its reason for the logs', () => {
    const result = priceCart(cart([line(1, 5000)], { coupons: [{ ...auto10, min_spend_cents: 6000 }] }));
    expect(result.totals.total).toBe(5000);
    expect(result.coupon_rejection).toBeNull();
    expect(result.auto_coupon_rejections[0]?.reason).toBe('min_spend_not_met');
  });
});

describe('offers: worked examples', () => {
  const drinks: PricingOffer = {
    id: 1,
    name: 'Buy 2 drinks, get 1 free',
    offer_type: 'buy_x_get_y',
    buy_quantity: 2,
    get_quantity: 1,
    category_ids: [9],
  };

  it('buy 2 get 1 free on $9 drinks ×3 → $18', () => {
    const result = priceCart(cart([line(1, 900, { quantity: 3, category_id: 9 })], { offers: [drinks] }));
    expect(result.totals).toMatchObject({ subtotal: 2700, discount: 900, total: 1800, item_count: 3 });
    expect(result.lines[0]).toMatchObject({
      offer_type: 'buy_x_get_y',
      offer_id: 1,
      offer_quantity_applied: 1,
      is_free: false,
      discount_amount: 900,
    });
    expect(result.adjustments).toEqual([
      {
        reason: 'buy_x_get_y',
        source_id: 1,
        code: null,
        label: 'Buy 2 drinks, get 1 free',
        amount: -900,
        lines: [{ line_id: 1, amount: -900 }],
      },
    ]);
  });

  it('buy 2 get 1 free on drinks $9, $9, $5 → the $5 one is free → $18, is_free on its line', () => {
    const result = priceCart(
      cart([line(1, 900, { quantity: 2, category_id: 9 }), line(2, 500, { category_id: 9 })], { offers: [drinks] }),
    );
    expect(result.totals.total).toBe(1800);
    expect(result.lines[1]).toMatchObject({ is_free: true, offer_quantity_applied: 1, discounted_item_total: 0 });
    expect(result.lines[0]).toMatchObject({ is_free: false, offer_type: null, discount_amount: 0 });
  });

  it('buy 2 get 1 free on $9 drinks ×2 → $18 (no third drink, no offer)', () => {
    const result = priceCart(cart([line(1, 900, { quantity: 2, category_id: 9 })], { offers: [drinks] }));
    expect(result.totals.total).toBe(1800);
    expect(result.adjustments).toEqual([]);
  });

  it('buy 1 get 1 half price on $12 pizzas ×4 → $36', () => {
    const bogoHalf: PricingOffer = {
      id: 2,
      name: 'Second pizza half price',
      offer_type: 'buy_x_get_y',
      buy_quantity: 1,
      get_quantity: 1,
      get_discount_bp: 5000,
    };
    const result = priceCart(cart([line(1, 1200, { quantity: 4 })], { offers: [bogoHalf] }));
    expect(result.totals.total).toBe(3600);
    expect(result.lines[0]?.offer_quantity_applied).toBe(2);
  });

  it('free $6 garlic bread on orders of $30 or more: $32 pizza + garlic bread → $32, is_free', () => {
    const garlic: PricingOffer = {
      id: 3,
      name: 'Free garlic bread over $30',
      offer_type: 'free_item',
      free_quantity: 1,
      product_ids: [77],
      min_spend_cents: 3000,
    };
    const pizza = line(1, 3200);
    const bread = line(2, 600, { product_id: 77 });
    const result = priceCart(cart([pizza, bread], { offers: [garlic] }));
    expect(result.totals.total).toBe(3200);
    expect(result.lines[1]).toMatchObject({ is_free: true, offer_type: 'free_item', discounted_item_total: 0 });
    const small = priceCart(cart([line(1, 2000), bread], { offers: [garlic] }));
    expect(small.totals.total).toBe(2600);
  });

  it('a free $0.00 sauce does not use up the free item: $4.00 chips free, total $10.00', () => {
    const freeSide: PricingOffer = {
      id: 5,
      name: 'Free side',
      offer_type: 'free_item',
      free_quantity: 1,
      category_ids: [4],
    };
    const result = priceCart(
      cart([line(1, 1000), line(2, 0, { category_id: 4 }), line(3, 400, { category_id: 4 })], { offers: [freeSide] }),
    );
    expect(result.totals.total).toBe(1000);
    expect(result.lines.map((l) => l.is_free)).toEqual([false, false, true]);
  });

  it('15% off orders, $47.30 over three lines → $7.10 off (709.5¢ rounds up), line shares add up exactly', () => {
    const orderOff: PricingOffer = {
      id: 4,
      name: '15% off your order',
      offer_type: 'order_discount',
      discount_type: 'percentage',
      value: 1500,
    };
    const result = priceCart(cart([line(1, 1990), line(2, 1550), line(3, 1190)], { offers: [orderOff] }));
    expect(result.totals).toMatchObject({ discount: 710, total: 4020 });
    const shares = result.lines.map((l) => l.order_level_discount);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(710);
    expect(shares).toEqual([299, 233, 178]);
    expect(result.lines.every((l) => l.discount_amount === 0)).toBe(true);
  });

  it('a coupon applies after the free drink: 10% off ($9 + $9 + $9 free) → $16.20', () => {
    const result = priceCart(
      cart([line(1, 900, { quantity: 3, category_id: 9 })], {
        offers: [drinks],
        coupon_code: 'SAVE',
        coupons: [coupon()],
      }),
    );
    expect(result.totals.total).toBe(1620);
    expect(result.lines[0]).toMatchObject({ discount_amount: 1080, applied_coupon: 'SAVE', offer_type: 'buy_x_get_y' });
  });
});

describe('tax, delivery and the cash surcharge', () => {
  it('GST inclusive 10% of $33.00 → $3.00 tax', () => {
    const result = priceCart(cart([line(1, 3300)], { tax: { mode: 'inclusive', rate_bp: 1000 } }));
    expect(result.totals).toMatchObject({ subtotal: 3300, tax: 300, total: 3300 });
    expect(result.lines[0]?.tax).toBe(300);
  });

  it('a GST-free line carries no tax (decision 042): $33.00 taxed + $10.00 GST-free → $3.00 tax', () => {
    const inclusive = priceCart(
      cart([line(1, 3300), { ...line(2, 1000), tax_class: 'gst_free' }], { tax: { mode: 'inclusive', rate_bp: 1000 } }),
    );
    expect(inclusive.lines.map((l) => l.tax)).toEqual([300, 0]);
    expect(inclusive.totals).toMatchObject({ subtotal: 4300, tax: 300, total: 4300 });
    const exclusive = priceCart(
      cart([line(1, 2000), { ...line(2, 1000), tax_class: 'gst_free' }], { tax: { mode: 'exclusive', rate_bp: 825 } }),
    );
    expect(exclusive.totals).toMatchObject({ tax: 165, total: 3165 });
  });

  it('exclusive 8.25% tax on $20.00 → $1.65 tax, $21.65 total', () => {
    const result = priceCart(cart([line(1, 2000)], { tax: { mode: 'exclusive', rate_bp: 825 } }));
    expect(result.totals).toMatchObject({ tax: 165, total: 2165 });
  });

  it('GST inclusive 10% per line: $10.00 + $10.00 + $10.00 → 91¢ × 3 = $2.73 tax (rounded once per line)', () => {
    const result = priceCart(
      cart([line(1, 1000), line(2, 1000), line(3, 1000)], { tax: { mode: 'inclusive', rate_bp: 1000 } }),
    );
    expect(result.lines.map((l) => l.tax)).toEqual([91, 91, 91]);
    expect(result.totals.tax).toBe(273);
  });

  it('tax is on the discounted amount: 10% off $33.00 GST inclusive → $29.70, $2.70 tax', () => {
    const result = priceCart(
      cart([line(1, 3300)], {
        tax: { mode: 'inclusive', rate_bp: 1000 },
        coupon_code: 'SAVE',
        coupons: [coupon()],
      }),
    );
    expect(result.totals).toMatchObject({ total: 2970, tax: 270 });
  });

  it('$40.00 cash on delivery with $5 delivery and a 1.5% + 20¢ surcharge → $45.88', () => {
    const result = priceCart(
      cart([line(1, 4000)], {
        context: context({ method: 'delivery', cash_on_delivery: true }),
        delivery_charge_cents: 500,
        cash_surcharge: { flat_cents: 20, rate_bp: 150 },
      }),
    );
    // 1.5% of $45.00 = 67.5¢ → 68¢, plus 20¢.
    expect(result.totals).toMatchObject({ delivery: 500, surcharge: 88, total: 4588 });
    expect(result.adjustments.map((a) => [a.reason, a.amount])).toEqual([
      ['delivery_charge', 500],
      ['cash_surcharge', 88],
    ]);
  });

  it('no surcharge when paying by card, no delivery charge for pickup, nothing on an empty cart', () => {
    const card = priceCart(cart([line(1, 4000)], { cash_surcharge: { flat_cents: 20 }, delivery_charge_cents: 500 }));
    expect(card.totals).toMatchObject({ delivery: 0, surcharge: 0, total: 4000 });
    const empty = priceCart(
      cart([], {
        context: context({ method: 'delivery', cash_on_delivery: true }),
        delivery_charge_cents: 500,
        cash_surcharge: { flat_cents: 20 },
      }),
    );
    expect(empty.totals).toEqual({
      subtotal: 0,
      discount: 0,
      tax: 0,
      delivery: 0,
      surcharge: 0,
      total: 0,
      item_count: 0,
    });
  });
});

describe('lines keep what the caller put on them', () => {
  it('returns lines in the input order with their own fields and the priced ones', () => {
    const withDisplay = {
      ...line(2, 1500, { quantity: 2 }),
      notes: 'no onions',
      children: [{ product_id: 3, name: 'Cola' }],
    };
    const result = priceCart({ ...cart([withDisplay, line(1, 500)]) });
    expect(result.lines[0]).toMatchObject({ id: 2, notes: 'no onions', children: [{ product_id: 3, name: 'Cola' }] });
    expect(result.lines[0]?.item_total).toBe(3000);
    expect(result.lines.map((l) => l.id)).toEqual([2, 1]);
  });
});

describe('bad input throws', () => {
  const cases: [string, () => unknown][] = [
    ['a fractional price', () => priceCart(cart([line(1, 9.5)]))],
    ['a negative price', () => priceCart(cart([line(1, -100)]))],
    ['a zero quantity', () => priceCart(cart([line(1, 100, { quantity: 0 })]))],
    ['a fractional quantity', () => priceCart(cart([line(1, 100, { quantity: 1.5 })]))],
    ['duplicate line ids', () => priceCart(cart([line(1, 100), line(1, 200)]))],
    ['lines of two restaurants', () => priceCart(cart([line(1, 100), line(2, 100, { restaurant_id: 2 })]))],
    ['a negative delivery charge', () => priceCart(cart([line(1, 100)], { delivery_charge_cents: -1 }))],
    ['a fractional tax rate', () => priceCart(cart([line(1, 100)], { tax: { mode: 'inclusive', rate_bp: 1000.5 } }))],
    ['an unknown timezone', () => priceCart(cart([line(1, 100)], { context: context({ timezone: 'Mars/Olympus' }) }))],
    [
      'a time without a zone',
      () => priceCart(cart([line(1, 100)], { context: context({ now: '2026-11-23T10:00:00' }) })),
    ],
    ['a percentage over 100%', () => priceCart(cart([line(1, 100)], { coupons: [coupon({ value: 10_001 })] }))],
    [
      'a fractional flat coupon',
      () => priceCart(cart([line(1, 100)], { coupons: [coupon({ discount_type: 'flat', value: 2.5 })] })),
    ],
    [
      'a malformed end date',
      () => priceCart(cart([line(1, 100)], { coupons: [coupon({ valid_until: '30/11/2026' })] })),
    ],
    ['a weekday 7', () => priceCart(cart([line(1, 100)], { coupons: [coupon({ days_of_week: [7] })] }))],
    [
      'two coupons with one code',
      () =>
        priceCart(cart([line(1, 100)], { coupon_code: 'save', coupons: [coupon(), coupon({ id: 2, code: 'Save' })] })),
    ],
    ['dine_in with the pickup method', () => priceCart(cart([line(1, 100)], { context: context({ dine_in: true }) }))],
  ];
  it.each(cases)('%s', (_name, run) => {
    expect(run).toThrow(RangeError);
  });
});
