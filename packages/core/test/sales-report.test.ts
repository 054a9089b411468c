import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildSalesReport,
  centsToDecimal,
  divideRounded,
  orderLinesCsv,
  type ReportOrder,
  reportPeriod,
  reportTableCsv,
  reportTables,
  toCsv,
  toZoned,
} from '../src/index.js';
import { base, order, orderArb, parseCsv, sum } from './support/report-orders.js';

describe('sales report: worked example', () => {
  // Monday: a $30 pickup order paid by card. Tuesday 19:05: a $52 delivery order, $5 coupon,
  // $3 offer, $2 points, $6 delivery fee, $10 paid by gift card, $4 tip. Wednesday: a refunded $20 order.
  const delivery = order({
    order_number: '1002',
    placed_at: '2026-11-17T08:05:00.000Z',
    method: 'delivery',
    subtotal: 5200,
    discount: 800,
    tax: 400,
    delivery: 600,
    loyalty: 200,
    total: 5200 - 800 + 600 - 200,
    gift_card: 1000,
    amount_due: 5200 - 800 + 600 - 200 - 1000 + 400,
    tip: 400,
    lines: [
      { name: 'Margherita', quantity: 1, discounted_item_total: 1200, tax: 109, details: ['Size: Large'] },
      { name: 'Garlic bread', quantity: 4, discounted_item_total: 3200, tax: 291, details: [] },
    ],
    adjustments: [
      { reason: 'coupon', amount: -500 },
      { reason: 'order_discount', amount: -300 },
      { reason: 'delivery_charge', amount: 600 },
    ],
  });
  const refunded = order({
    order_number: '1003',
    placed_at: '2026-11-18T02:00:00.000Z',
    subtotal: 2000,
    total: 2000,
    amount_due: 2000,
    tax: 182,
    refunded: true,
    refunded_at: '2026-11-18T05:00:00.000Z',
    lines: [{ name: 'Calzone', quantity: 1, discounted_item_total: 2000, tax: 182, details: [] }],
  });
  const outside = order({ order_number: '999', placed_at: '2026-11-15T12:59:00.000Z' }); // Sunday 23:59 local
  const report = buildSalesReport({
    ...base,
    orders: [order(), delivery, refunded, outside],
    giftCardSales: [
      { at: '2026-11-19T00:00:00.000Z', amount: 5000, refunded: 0 },
      { at: '2026-11-30T00:00:00.000Z', amount: 9900, refunded: 0 },
    ],
    giftCardLiability: 12_345,
  });

  it('totals every figure in cents', () => {
    expect(report.totals).toEqual({
      orders: 3,
      refunded_orders: 1,
      gross_sales: 3000 + 5200 + 2000,
      coupon_discounts: 500,
      offer_discounts: 300,
      points_discounts: 200,
      refunds: 2000,
      tips: 400,
      delivery_fees: 600,
      surcharges: 0,
      exclusive_tax: 0,
      net_sales: 3000 + 4800 + 400,
      tax: 273 + 400,
      average_order_value: 4100,
    });
    expect(report.gift_cards).toEqual({ sold: 5000, sold_count: 1, refunded: 0, redeemed: 1000, liability: 12_345 });
  });

  it('breaks down by local day, hour, method and payment', () => {
    expect(report.days.map((d) => [d.date, d.orders, d.net_sales])).toEqual([
      ['2026-11-16', 1, 3000],
      ['2026-11-17', 1, 5200],
      ['2026-11-18', 1, 0],
      ['2026-11-19', 0, 0],
      ['2026-11-20', 0, 0],
      ['2026-11-21', 0, 0],
      ['2026-11-22', 0, 0],
    ]);
    expect(report.hours[19]).toEqual({ hour: 19, orders: 1, net_sales: 5200 });
    expect(report.heat.find((h) => h.weekday === 2 && h.hour === 19)?.orders).toBe(1);
    expect(report.methods).toEqual([
      { method: 'pickup', orders: 2, net_sales: 3000 },
      { method: 'delivery', orders: 1, net_sales: 5200 },
      { method: 'dine_in', orders: 0, net_sales: 0 },
    ]);
    expect(report.payments).toEqual([
      { method: 'card', orders: 3, amount: 3000 + 4200 + 2000, refunded: 2000 },
      { method: 'cash', orders: 0, amount: 0, refunded: 0 },
      { method: 'gift_card', orders: 1, amount: 1000, refunded: 0 },
      { method: 'points', orders: 1, amount: 200, refunded: 0 },
    ]);
  });

  it('ranks products by sales and counts options, leaving refunded orders out', () => {
    expect(report.products).toEqual([
      { name: 'Margherita', quantity: 3, sales: 4200 },
      { name: 'Garlic bread', quantity: 4, sales: 3200 },
    ]);
    expect(report.modifiers).toEqual([{ name: 'Size: Large', quantity: 3 }]);
  });

  it('writes CSV that parses back to the same figures', () => {
    const days = parseCsv(reportTableCsv(report, 'days'));
    expect(days[0]).toEqual(['Date', 'Orders', 'Gross sales', 'Discounts', 'Refunds', 'Tips', 'Net sales', 'Tax']);
    expect(days[2]).toEqual(['2026-11-17', '1', '52.00', '10.00', '0.00', '4.00', '52.00', '4.00']);
    const summary = new Map(parseCsv(reportTableCsv(report, 'summary')).map(([k, v]) => [k, v]));
    expect(summary.get('Net sales')).toBe('82.00');
    for (const table of reportTables) expect(parseCsv(reportTableCsv(report, table)).length).toBeGreaterThan(1);
    const lines = parseCsv(orderLinesCsv({ ...base, orders: [delivery, outside] }, new Map([[1, 'Town, "Hall"']])));
    expect(lines).toHaveLength(3);
    expect(lines[1]?.slice(0, 4)).toEqual(['1002', '2026-11-17', '19:05', 'Town, "Hall"']);
  });
});

describe('CSV and rounding helpers', () => {
  it('formats cents as decimals and keeps spreadsheet formulas inert', () => {
    expect(centsToDecimal(-1234)).toBe('-12.34');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(toCsv(['a'], [['=SUM(A1)'], ['-3.50'], ['-x']])).toBe("a\r\n'=SUM(A1)\r\n-3.50\r\n'-x\r\n");
  });
  it('rounds half up', () => {
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(7, 3)).toBe(2);
    expect(divideRounded(1, 0)).toBe(0);
  });
});

describe('sales report: properties', () => {
  it('every breakdown adds up to the totals and no cent is lost', () => {
    fc.assert(
      fc.property(fc.array(orderArb, { maxLength: 25 }), (orders) => {
        const r = buildSalesReport({ ...base, orders });
        const t = r.totals;
        // Products: the lines sold less the lines refunded in the period, after their discounts.
        const inPeriod = (at: string, o: ReportOrder) => r.days.some((d) => d.date === dateOf({ ...o, placed_at: at }));
        const sold = orders.filter((o) => inPeriod(o.placed_at, o));
        const refunded = orders.filter((o) => o.refunded && inPeriod(o.refunded_at ?? o.placed_at, o));
        expect(
          t.gross_sales -
            t.coupon_discounts -
            t.offer_discounts -
            t.points_discounts +
            t.delivery_fees +
            t.surcharges +
            t.exclusive_tax +
            t.tips -
            t.refunds,
        ).toBe(t.net_sales);
        expect(sum(r.days, (d) => d.net_sales)).toBe(t.net_sales);
        expect(sum(r.days, (d) => d.orders)).toBe(t.orders);
        expect(sum(r.days, (d) => d.tax)).toBe(t.tax);
        // Tax collected is the orders' tax and their tips' tax, less the refunds', to the cent.
        expect(t.tax).toBe(sum(sold, (o) => o.tax + o.tip_tax) - sum(refunded, (o) => o.tax + o.tip_tax));
        expect(sum(r.days, (d) => d.discounts)).toBe(t.coupon_discounts + t.offer_discounts + t.points_discounts);
        expect(sum(r.hours, (h) => h.net_sales)).toBe(t.net_sales);
        expect(sum(r.heat, (h) => h.orders)).toBe(t.orders);
        expect(sum(r.methods, (m) => m.net_sales)).toBe(t.net_sales);
        // Money paid (card, cash, gift card) less what went back is the net.
        const paid = r.payments.filter((p) => p.method !== 'points');
        expect(sum(paid, (p) => p.amount - p.refunded)).toBe(t.net_sales);
        expect(sum(r.products, (p) => p.sales)).toBe(
          sum(sold, (o) => o.subtotal - o.discount) - sum(refunded, (o) => o.subtotal - o.discount),
        );
        // Reconciles with the orders placed and the refunds made in the period, to the cent.
        expect(t.net_sales).toBe(sum(sold, (o) => o.total + o.tip) - sum(refunded, (o) => o.total + o.tip));
        expect(t.refunded_orders).toBe(refunded.length);
      }),
      { numRuns: 200 },
    );
  });

  it('a refunded order nets out to zero everywhere', () => {
    fc.assert(
      fc.property(orderArb, (o) => {
        const within = { ...o, placed_at: '2026-11-18T03:00:00.000Z', refunded_at: '2026-11-18T04:00:00.000Z' };
        const r = buildSalesReport({ ...base, orders: [{ ...within, refunded: true }] });
        expect(r.totals.net_sales).toBe(0);
        expect(r.totals.tax).toBe(0);
        expect(r.totals.refunds).toBe(within.total + within.tip);
        expect(r.days.every((d) => d.net_sales === 0)).toBe(true);
        expect(r.methods.every((m) => m.net_sales === 0)).toBe(true);
        expect(r.products).toEqual([]);
      }),
    );
  });

  it('adding an order adds exactly its figures', () => {
    fc.assert(
      fc.property(fc.array(orderArb, { maxLength: 10 }), orderArb, (orders, extra) => {
        const one = {
          ...extra,
          placed_at: '2026-11-19T03:00:00.000Z',
          refunded_at: extra.refunded ? '2026-11-19T04:00:00.000Z' : null,
        };
        const before = buildSalesReport({ ...base, orders }).totals;
        const after = buildSalesReport({ ...base, orders: [...orders, one] }).totals;
        expect(after.net_sales - before.net_sales).toBe(one.refunded ? 0 : one.total + one.tip);
        expect(after.gross_sales - before.gross_sales).toBe(one.subtotal);
      }),
    );
  });
});

describe('tips that bear tax (decision 044)', () => {
  it('add the tax inside the tip to tax collected; net sales stay what was paid; a refund takes both back', () => {
    const tipped = order({ tip: 1000, tip_tax: 91, amount_due: 4000 });
    const r = buildSalesReport({ ...base, orders: [tipped] });
    expect(r.totals).toMatchObject({ tips: 1000, tax: 273 + 91, net_sales: 4000 });
    expect(r.days[0]).toMatchObject({ tax: 364, net_sales: 4000 });
    const gone = buildSalesReport({ ...base, orders: [{ ...tipped, refunded: true, refunded_at: tipped.placed_at }] });
    expect(gone.totals).toMatchObject({ tax: 0, net_sales: 0, refunds: 4000 });
  });
});

describe('refunds on the day they were made (decision 044)', () => {
  // Placed Friday 20 November, refunded Tuesday 24 November 09:30 in Sydney: a sale in the first
  // week, a refund in the second.
  const late = order({
    order_number: '1010',
    placed_at: '2026-11-20T01:00:00.000Z',
    tip: 300,
    amount_due: 3300,
    refunded: true,
    refunded_at: '2026-11-23T22:30:00.000Z',
  });
  const first = buildSalesReport({ ...base, orders: [late] });
  const second = buildSalesReport({ ...base, from: '2026-11-23', to: '2026-11-29', orders: [late] });
  const both = buildSalesReport({ ...base, from: '2026-11-16', to: '2026-11-29', orders: [late] });

  it('counts the sale in the week it was placed and the refund in the week it was made', () => {
    expect(first.totals).toMatchObject({ orders: 1, refunded_orders: 0, refunds: 0, net_sales: 3300, tax: 273 });
    expect(first.products).toEqual([{ name: 'Margherita', quantity: 2, sales: 3000 }]);
    expect(second.totals).toMatchObject({ orders: 0, refunded_orders: 1, refunds: 3300, net_sales: -3300, tax: -273 });
    expect(second.days.find((d) => d.date === '2026-11-24')).toMatchObject({ refunds: 3300, net_sales: -3300 });
    expect(second.hours[9]).toEqual({ hour: 9, orders: 0, net_sales: -3300 });
    expect(second.payments[0]).toEqual({ method: 'card', orders: 0, amount: 0, refunded: 3300 });
    expect(second.products).toEqual([{ name: 'Margherita', quantity: -2, sales: -3000 }]);
    expect(second.totals.average_order_value).toBe(0);
  });

  it('two periods add up to the period covering both', () => {
    expect(both.totals.net_sales).toBe(0);
    for (const key of Object.keys(both.totals) as (keyof typeof both.totals)[]) {
      if (key === 'average_order_value') continue;
      expect(first.totals[key] + second.totals[key]).toBe(both.totals[key]);
    }
    expect(both.products).toEqual([]);
  });

  it('any split of a fortnight reconciles to the cent', () => {
    fc.assert(
      fc.property(fc.array(orderArb, { maxLength: 20 }), fc.integer({ min: 0, max: 12 }), (orders, cut) => {
        const from = '2026-11-14';
        const mid = `2026-11-${String(14 + cut).padStart(2, '0')}`;
        const next = `2026-11-${String(15 + cut).padStart(2, '0')}`;
        const to = '2026-11-27';
        const a = buildSalesReport({ ...base, from, to: mid, orders }).totals;
        const b = buildSalesReport({ ...base, from: next, to, orders }).totals;
        const whole = buildSalesReport({ ...base, from, to, orders }).totals;
        for (const key of [
          'orders',
          'refunded_orders',
          'refunds',
          'net_sales',
          'tax',
          'tips',
          'gross_sales',
        ] as const) {
          expect(a[key] + b[key]).toBe(whole[key]);
        }
      }),
      { numRuns: 100 },
    );
  });
});

const dateOf = (o: ReportOrder) => toZoned(o.placed_at, o.timezone).date;

describe('named report periods', () => {
  it('weeks start on Monday; months are whole calendar months', () => {
    // Thursday 26 November 2026
    expect(reportPeriod('last_7_days', '2026-11-26')).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(reportPeriod('this_week', '2026-11-26')).toEqual({ from: '2026-11-23', to: '2026-11-26' });
    expect(reportPeriod('last_week', '2026-11-26')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(reportPeriod('last_week', '2026-11-23')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(reportPeriod('last_week', '2026-11-29')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(reportPeriod('this_month', '2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(reportPeriod('last_month', '2026-03-05')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(reportPeriod('last_month', '2026-01-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});
