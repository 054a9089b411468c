import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildSalesReport,
  notRecordedStaff,
  type ReportOrder,
  reportColumns,
  reportTableCsv,
  toZoned,
} from '../src/index.js';
import { base, order, orderArb, parseCsv, sum } from './support/report-orders.js';

const ana = { id: 7, name: 'Ana' };
const ben = { id: 8, name: 'Ben' };

describe('tips by staff member (decision 047): worked example', () => {
  // The week of Monday 16 November 2026 in Sydney. Ana handled a $4 tip on Monday and a $2.50 tip
  // on Tuesday that was refunded on Thursday; Ben handled a $6 tip; an order nobody moved forward
  // had a $1 tip; a $3 tip of Ana's from the week before was refunded on Wednesday.
  const orders: ReportOrder[] = [
    order({ order_number: '1', tip: 400, amount_due: 3400, handled_by: ana }),
    order({
      order_number: '2',
      placed_at: '2026-11-17T02:00:00.000Z',
      tip: 250,
      amount_due: 3250,
      handled_by: ana,
      refunded: true,
      refunded_at: '2026-11-19T03:00:00.000Z',
    }),
    order({ order_number: '3', placed_at: '2026-11-18T08:00:00.000Z', tip: 600, amount_due: 3600, handled_by: ben }),
    order({ order_number: '4', placed_at: '2026-11-20T08:00:00.000Z', tip: 100, amount_due: 3100 }),
    order({
      order_number: '5',
      placed_at: '2026-11-11T02:00:00.000Z',
      tip: 300,
      amount_due: 3300,
      handled_by: ana,
      refunded: true,
      refunded_at: '2026-11-18T01:00:00.000Z',
    }),
  ];
  const report = buildSalesReport({ ...base, orders });

  it('gives each staff member their orders, tips, tips refunded and net tips; "Not recorded" last', () => {
    expect(report.staff_tips).toEqual([
      { user_id: 8, name: 'Ben', orders: 1, tips: 600, refunded_tips: 0, net_tips: 600 },
      { user_id: 7, name: 'Ana', orders: 2, tips: 650, refunded_tips: 550, net_tips: 100 },
      { user_id: null, name: notRecordedStaff, orders: 1, tips: 100, refunded_tips: 0, net_tips: 100 },
    ]);
    expect(sum(report.staff_tips, (s) => s.tips)).toBe(report.totals.tips);
    expect(sum(report.staff_tips, (s) => s.orders)).toBe(report.totals.orders);
  });

  it('writes a CSV that parses back to the same figures', () => {
    const rows = parseCsv(reportTableCsv(report, 'staff_tips'));
    expect(rows[0]).toEqual(reportColumns.staff_tips.map((c) => c.header));
    expect(rows[0]).toEqual(['Staff member', 'Orders', 'Tips', 'Tips refunded', 'Net tips']);
    expect(rows.slice(1)).toEqual([
      ['Ben', '1', '6.00', '0.00', '6.00'],
      ['Ana', '2', '6.50', '5.50', '1.00'],
      ['Not recorded', '1', '1.00', '0.00', '1.00'],
    ]);
  });

  it('keeps two staff members of the same name apart', () => {
    const twin = { id: 9, name: 'Ana' };
    const r = buildSalesReport({
      ...base,
      orders: [order({ tip: 100, handled_by: ana }), order({ tip: 200, handled_by: twin })],
    });
    expect(r.staff_tips.map((s) => [s.user_id, s.tips])).toEqual([
      [9, 200],
      [7, 100],
    ]);
  });
});

const inPeriod = (at: string, o: ReportOrder) => {
  const date = toZoned(at, o.timezone).date;
  return date >= base.from && date <= base.to;
};

describe('tips by staff member: properties', () => {
  it('per-staff tips and orders add up to the report totals; refunds take back what the refunds made in the period did', () => {
    fc.assert(
      fc.property(fc.array(orderArb, { maxLength: 25 }), (orders) => {
        const r = buildSalesReport({ ...base, orders });
        expect(sum(r.staff_tips, (s) => s.tips)).toBe(r.totals.tips);
        expect(sum(r.staff_tips, (s) => s.orders)).toBe(r.totals.orders);
        const refundedTips = sum(
          orders.filter((o) => o.refunded && inPeriod(o.refunded_at ?? o.placed_at, o)),
          (o) => o.tip,
        );
        expect(sum(r.staff_tips, (s) => s.refunded_tips)).toBe(refundedTips);
        expect(sum(r.staff_tips, (s) => s.net_tips)).toBe(r.totals.tips - refundedTips);
        for (const s of r.staff_tips) expect(s.net_tips).toBe(s.tips - s.refunded_tips);
        // One row per staff member, "Not recorded" (if any) last.
        const ids = r.staff_tips.map((s) => s.user_id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.indexOf(null)).toBeOneOf([-1, ids.length - 1]);
      }),
      { numRuns: 200 },
    );
  });

  it('an order placed and refunded in the period nets out to zero for whoever handled it', () => {
    fc.assert(
      fc.property(orderArb, (o) => {
        const within = {
          ...o,
          placed_at: '2026-11-18T03:00:00.000Z',
          refunded: true,
          refunded_at: '2026-11-18T04:00:00.000Z',
        };
        const [row] = buildSalesReport({ ...base, orders: [within] }).staff_tips;
        expect(row).toMatchObject({ user_id: o.handled_by?.id ?? null, orders: 1, tips: o.tip, net_tips: 0 });
      }),
    );
  });
});
