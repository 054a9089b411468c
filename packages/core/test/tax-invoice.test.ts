import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildTaxInvoice,
  type InvoiceBusiness,
  invoiceProblems,
  type Order,
  taxFreeMarker,
  tipCents,
  tipTaxCents,
} from '../src/index.js';

const business: InvoiceBusiness = {
  name: 'Bella Nonna',
  legal_name: 'Bella Nonna Hospitality Pty Ltd',
  abn: '51824753556',
  tax_name: 'GST',
  tax_inclusive: true,
};

function line(id: number, name: string, quantity: number, unit: number, tax: number): Order['lines'][number] {
  const amount = quantity * unit;
  return {
    id,
    name,
    quantity,
    unit_price: unit,
    item_total: amount,
    discount_amount: 0,
    order_level_discount: 0,
    discounted_item_total: amount,
    tax,
    tax_class: 'standard',
    is_free: false,
    notes: null,
    details: [],
  };
}

function order(overrides: Partial<Order> = {}, totals: Partial<Order['totals']> = {}): Order {
  return {
    id: 7,
    order_number: '1042',
    status: 'placed',
    method: 'delivery',
    restaurant: {
      id: 1,
      name: 'Surry Hills',
      phone: '02 9000 0000',
      street_name: '1 Crown St',
      city: 'Sydney',
      timezone: 'Australia/Sydney',
    },
    pickup_date: null,
    pickup_time: null,
    scheduled_for: null,
    ready_at: null,
    table_id: null,
    special_instructions: null,
    customer: { name: 'Ada', email: 'ada@example.test', phone_no: '0400 000 000' },
    delivery_address: null,
    payment_method: 'card',
    payment_status: 'paid',
    currency: 'AUD',
    coupon_code: 'SAVE5',
    lines: [
      {
        id: 1,
        name: 'Margherita',
        quantity: 2,
        unit_price: 1800,
        item_total: 3600,
        discount_amount: 0,
        order_level_discount: 300,
        discounted_item_total: 3300,
        tax: 300,
        tax_class: 'standard',
        is_free: false,
        notes: null,
        details: ['Large'],
      },
      {
        id: 2,
        name: 'Cola',
        quantity: 1,
        unit_price: 400,
        item_total: 400,
        discount_amount: 0,
        order_level_discount: 200,
        discounted_item_total: 200,
        tax: 18,
        tax_class: 'standard',
        is_free: false,
        notes: null,
        details: [],
      },
    ],
    totals: {
      subtotal: 4000,
      discount: 500,
      tax: 318,
      delivery: 600,
      surcharge: 0,
      gift_card: 1000,
      loyalty: 100,
      total: 4000 - 500 + 600 - 100,
      tip: 400,
      tip_tax: 0,
      amount_due: 4000 - 500 + 600 - 100 - 1000 + 400,
      item_count: 3,
      ...totals,
    },
    adjustments: [
      { reason: 'coupon', code: 'SAVE5', label: 'SAVE5: $5 off', amount: -500 },
      { reason: 'delivery_charge', code: null, label: 'Delivery', amount: 600 },
    ],
    status_history: [],
    created_at: '2026-11-20T08:15:00.000Z',
    updated_at: '2026-11-20T08:15:00.000Z',
    ...overrides,
  };
}

describe('tax invoice: worked example', () => {
  const invoice = buildTaxInvoice(order(), business, '1 Crown St, Sydney');

  it('names the seller with its ABN and says "Tax invoice"', () => {
    expect(invoice.title).toBe('Tax invoice');
    expect(invoice.seller).toEqual({
      name: 'Bella Nonna Hospitality Pty Ltd',
      trading_as: 'Bella Nonna',
      abn: '51 824 753 556',
    });
    expect(invoice.date).toBe('2026-11-20');
    expect(invoice.time).toBe('19:15');
  });

  it('adds up to the order to the cent: lines, discounts, charges, points, tax, tip and payments', () => {
    expect(invoice.lines.map((l) => [l.description, l.quantity, l.unit_price, l.amount, l.tax])).toEqual([
      ['Margherita', 2, 1800, 3600, 300],
      ['Cola', 1, 400, 400, 18],
    ]);
    expect(invoice.discounts).toEqual([{ label: 'SAVE5: $5 off', amount: -500 }]);
    expect(invoice.charges).toEqual([{ label: 'Delivery', amount: 600 }]);
    expect(invoice.points).toBe(-100);
    expect(invoice.total).toBe(4000);
    expect(invoice.tax).toBe(318);
    expect(invoice.tip).toBe(400);
    expect(invoice.charged).toBe(4400);
    expect(invoice.payments).toEqual([
      { method: 'gift_card', label: 'Gift card', amount: 1000 },
      { method: 'card', label: 'Card', amount: 3400 },
    ]);
    expect(invoice.refunds).toEqual([]);
    expect(invoice.balance).toBe(4400);
    expect(invoiceProblems(invoice)).toEqual([]);
  });

  it('a refunded order lists each payment going back and owes nothing', () => {
    const refunded = buildTaxInvoice(order({ payment_status: 'refunded', status: 'refunded' }), business, '');
    expect(refunded.refunds).toEqual([
      { label: 'Refunded to gift card', amount: 1000 },
      { label: 'Refunded to card', amount: 3400 },
    ]);
    expect(refunded.balance).toBe(0);
  });

  it('without an ABN it is a receipt; tax added on top shows as a charge', () => {
    const receipt = buildTaxInvoice(order(), { ...business, abn: null, legal_name: null }, '');
    expect(receipt.title).toBe('Receipt');
    expect(receipt.seller).toEqual({ name: 'Bella Nonna', trading_as: null, abn: null });
    const exclusive = buildTaxInvoice(
      order({}, { total: 4000 + 318, amount_due: 4000 + 318 - 1000 + 400 }),
      { ...business, tax_inclusive: false },
      '',
    );
    expect(exclusive.charges).toContainEqual({ label: 'GST', amount: 318 });
    expect(invoiceProblems(exclusive)).toEqual([]);
  });

  it('a tip that bears GST carries its tax, never added to what was charged (decision 044)', () => {
    // $4.00 tip at 10 % GST: 400 × 1000 ÷ 11000 = 36.36… → 36 cents of GST inside the tip.
    const taxed = buildTaxInvoice(order({}, { tip_tax: tipTaxCents(400, 1000, true) }), business, '');
    expect(taxed.tip_tax).toBe(36);
    expect(taxed.tax).toBe(318);
    expect(taxed.charged).toBe(4400);
    expect(invoiceProblems(taxed)).toEqual([]);
    expect(invoiceProblems({ ...taxed, tip_tax: 401 })).toHaveLength(1);
  });

  it('discount labels that do not add up give way to the order discount', () => {
    const odd = buildTaxInvoice(order({ adjustments: [] }), business, '');
    expect(odd.discounts).toEqual([{ label: 'Discounts', amount: -500 }]);
  });
});

describe('tax invoice: a cart mixing taxable and GST-free items (decision 048)', () => {
  // $33.00 of pizza (GST inclusive 10 %: $3.00) and 2 × $4.50 of milk (GST-free): $42.00, $3.00 GST.
  const mixed = order(
    {
      lines: [
        { ...line(1, 'Margherita', 1, 3300, 300), details: ['Large'] },
        { ...line(2, 'Milk 1 L', 2, 450, 0), tax_class: 'gst_free' },
      ],
      payment_method: 'cash_on_delivery',
      adjustments: [],
      coupon_code: null,
    },
    {
      subtotal: 4200,
      discount: 0,
      tax: 300,
      delivery: 0,
      gift_card: 0,
      loyalty: 0,
      total: 4200,
      tip: 0,
      amount_due: 4200,
    },
  );
  const invoice = buildTaxInvoice(mixed, business, '');

  it('marks the GST-free line, gives it no tax, and says what the mark means', () => {
    expect(invoice.lines.map((l) => [l.description, l.amount, l.tax, l.tax_free])).toEqual([
      ['Margherita', 3300, 300, false],
      ['Milk 1 L', 900, 0, true],
    ]);
    expect(taxFreeMarker).toBe('*');
    expect(invoice.tax_free_note).toBe('* GST-free item');
    expect(invoice.total).toBe(4200);
    expect(invoice.tax).toBe(300);
    expect(invoice.payments).toEqual([{ method: 'cash', label: 'Cash', amount: 4200 }]);
    expect(invoiceProblems(invoice)).toEqual([]);
  });

  it('an invoice of taxable items only has no note; a GST-free line with tax does not add up', () => {
    expect(buildTaxInvoice(order(), business, '').tax_free_note).toBeNull();
    const wrong = { ...invoice, lines: invoice.lines.map((l) => ({ ...l, tax: l.tax_free ? 10 : l.tax })), tax: 310 };
    expect(invoiceProblems(wrong)).toEqual(['Milk 1 L is GST-free but carries 10']);
  });
});

describe('tax invoice: properties', () => {
  it('any order whose money adds up gives an invoice that adds up, cash or card, tip or not', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            q: fc.integer({ min: 1, max: 5 }),
            price: fc.integer({ min: 0, max: 3000 }),
            share: fc.integer({ min: 0, max: 100 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (raw, delivery, loyaltyWanted, tip, giftWanted, cash, exclusive, tipsTaxed) => {
          const lines = raw.map((r, i) => {
            const item = r.q * r.price;
            const discount = Math.floor((item * r.share) / 200);
            const kept = item - discount;
            return {
              id: i + 1,
              name: `Item ${i}`,
              quantity: r.q,
              unit_price: r.price,
              item_total: item,
              discount_amount: discount,
              order_level_discount: 0,
              discounted_item_total: kept,
              tax: Math.floor(kept / 11),
              tax_class: 'standard' as const,
              is_free: false,
              notes: null,
              details: [],
            };
          });
          const subtotal = lines.reduce((s, l) => s + l.item_total, 0);
          const discount = lines.reduce((s, l) => s + l.discount_amount, 0);
          const tax = lines.reduce((s, l) => s + l.tax, 0);
          const before = subtotal - discount + delivery + (exclusive ? tax : 0);
          const loyalty = Math.min(loyaltyWanted, before);
          const total = before - loyalty;
          const gift = Math.min(giftWanted, total);
          const o = order(
            {
              lines,
              payment_method: cash ? 'cash_on_delivery' : 'card',
              adjustments: discount ? [{ reason: 'buy_x_get_y', code: null, label: 'Offer', amount: -discount }] : [],
            },
            {
              subtotal,
              discount,
              tax,
              delivery,
              loyalty,
              total,
              gift_card: gift,
              tip,
              tip_tax: tipTaxCents(tip, 1000, tipsTaxed),
              amount_due: total - gift + tip,
            },
          );
          const invoice = buildTaxInvoice(o, { ...business, tax_inclusive: !exclusive }, '');
          expect(invoiceProblems(invoice)).toEqual([]);
          expect(invoice.charged).toBe(total + tip);
          const refunded = buildTaxInvoice({ ...o, payment_status: 'refunded' }, business, '');
          expect(refunded.balance).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('tips', () => {
  const settings = {
    methods: { pickup: true, delivery: false, dine_in: true },
    presets: [5, 10, 15],
    allow_custom: false,
    taxed: false,
  };
  it('a preset percentage of what the order costs, rounded half up; a custom amount only when allowed', () => {
    expect(tipCents({ percent: 10 }, 3800, settings, 'pickup')).toEqual({ ok: true, cents: 380 });
    expect(tipCents({ percent: 15 }, 1003, settings, 'pickup')).toEqual({ ok: true, cents: 150 });
    expect(tipCents({ percent: 5 }, 1010, settings, 'dine_in')).toEqual({ ok: true, cents: 51 });
    expect(tipCents(undefined, 3800, settings, 'delivery')).toEqual({ ok: true, cents: 0 });
    expect(tipCents({ amount: 0 }, 3800, settings, 'delivery')).toEqual({ ok: true, cents: 0 });
    expect(tipCents({ percent: 10 }, 3800, settings, 'delivery')).toMatchObject({ ok: false });
    expect(tipCents({ percent: 12 }, 3800, settings, 'pickup')).toMatchObject({ ok: false });
    expect(tipCents({ amount: 500 }, 3800, settings, 'pickup')).toMatchObject({ ok: false });
    expect(tipCents({ amount: 500 }, 3800, { ...settings, allow_custom: true }, 'pickup')).toEqual({
      ok: true,
      cents: 500,
    });
    const custom = { ...settings, allow_custom: true };
    expect(tipCents({ amount: 500 }, 3800, settings, 'pickup')).toEqual({
      ok: false,
      message: 'Custom tips are not offered',
    });
    expect(tipCents({ amount: 50_000 }, 3800, custom, 'pickup')).toEqual({ ok: true, cents: 50_000 });
    expect(tipCents({ amount: 50_001 }, 3800, custom, 'pickup')).toMatchObject({ ok: false });
    expect(tipCents({ amount: -5 }, 3800, custom, 'pickup')).toMatchObject({ ok: false });
    expect(tipCents({ amount: 2.5 }, 3800, custom, 'pickup')).toMatchObject({ ok: false });
  });
});

describe('tax inside a tip (decision 044)', () => {
  it('worked examples: none unless tips bear tax; inside the tip at the rate, rounded half up', () => {
    expect(tipTaxCents(1000, 1000, false)).toBe(0);
    expect(tipTaxCents(1000, 1000, true)).toBe(91); // $10 at 10 %: 90.9… cents
    expect(tipTaxCents(550, 1000, true)).toBe(50); // $5.50 at 10 %: exactly 50 cents
    expect(tipTaxCents(11, 1000, true)).toBe(1); // 1.0 cent
    expect(tipTaxCents(5, 1000, true)).toBe(0); // 0.45 of a cent rounds down
    expect(tipTaxCents(6, 1000, true)).toBe(1); // 0.54 of a cent rounds up
    expect(tipTaxCents(1150, 1500, true)).toBe(150); // NZ GST 15 %
    expect(tipTaxCents(1000, 0, true)).toBe(0);
    expect(tipTaxCents(0, 1000, true)).toBe(0);
  });

  it('never more than the tip, never loses a cent: tip tax + tip net of tax = tip', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 0, max: 5000 }), (tip, bps) => {
        const tax = tipTaxCents(tip, bps, true);
        expect(Number.isInteger(tax)).toBe(true);
        expect(tax).toBeGreaterThanOrEqual(0);
        expect(tax).toBeLessThanOrEqual(tip);
        // Within half a cent of the exact share: rounding never drifts by a whole cent.
        expect(Math.abs(tax * (10_000 + bps) - tip * bps)).toBeLessThanOrEqual((10_000 + bps) / 2);
      }),
    );
  });
});
