import { notRecordedStaff, type StaffTips, toZoned } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/app.js';
import { signInAs } from './support/auth.js';
import { call, guestOrder, type Shop, startShop, userWithRole } from './support/orders.js';
import {
  cents,
  parseCsv,
  type SampleWeek,
  sampleWeek,
  sampleWeekStaff,
  sampleWeekTotals,
  seedSampleWeek,
} from './support/sample-week.js';

let shop: Shop;
let ctx: TestContext;
let owner: string;
let sample: SampleWeek;
const week = sampleWeek.query;

beforeAll(async () => {
  shop = await startShop();
  ctx = shop.ctx;
  owner = await signInAs(ctx.app, 'owner');
  sample = await seedSampleWeek(ctx);
});
afterAll(async () => ctx?.close());

const report = async (query: string, token: string) => {
  const res = await call(ctx, 'GET', `/v2/admin/reports?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { staff_tips: StaffTips[]; totals: typeof sampleWeekTotals };
};
const row = (name: string, orders: number, tips: number, refunded = 0) => ({
  name,
  orders,
  tips,
  refunded_tips: refunded,
  net_tips: tips - refunded,
});

describe('tips by staff member (decision 047)', () => {
  it("the sample week: each staff member's orders and tips add up to the week's tips, unrecorded ones last", async () => {
    const { staff_tips, totals } = await report(week, owner);
    expect(totals).toEqual(sampleWeekTotals);
    expect(staff_tips).toEqual([
      { user_id: sample.staff.sam.id, ...row(sampleWeekStaff.sam, 1, 500) },
      { user_id: sample.staff.kim.id, ...row(sampleWeekStaff.kim, 1, 0) },
      { user_id: null, ...row(notRecordedStaff, 4, 0) },
    ]);
    expect(staff_tips.reduce((s, r) => s + r.tips, 0)).toBe(sampleWeekTotals.tips);
  });

  it('a refunded tip comes off its staff member on the day of the refund', async () => {
    const { staff_tips } = await report('from=2026-11-02&to=2026-11-08', owner);
    expect(staff_tips).toEqual([{ user_id: sample.staff.sam.id, ...row(sampleWeekStaff.sam, 0, 0, 330) }]);
  });

  it('the CSV parses back to the same figures', async () => {
    const { staff_tips } = await report(week, owner);
    const res = await call(ctx, 'GET', `/v2/admin/reports/export?${week}&table=staff_tips`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('sales-staff_tips-2026-11-09-to-2026-11-15.csv');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(['Staff member', 'Orders', 'Tips', 'Tips refunded', 'Net tips']);
    const parsed = rows.map(([name, orders, tips, refunded, net]) => ({
      name,
      orders: Number(orders),
      tips: cents(tips as string),
      refunded_tips: cents(refunded as string),
      net_tips: cents(net as string),
    }));
    expect(parsed).toEqual(staff_tips.map(({ user_id: _id, ...r }) => r));
  });

  it("managers see their restaurants' figures only; staff and customers are refused", async () => {
    const ids = sample.ids;
    const parramatta = await userWithRole(ctx, 'manager', { restaurants: [ids.parramatta as number] });
    const other = await report(week, parramatta.token);
    expect(other.staff_tips).toEqual([{ user_id: null, ...row(notRecordedStaff, 1, 0) }]);
    const refused = await call(
      ctx,
      'GET',
      `/v2/admin/reports/export?${week}&table=staff_tips&restaurant_id=${ids['surry-hills']}`,
      parramatta.token,
    );
    expect(refused.statusCode).toBe(403);
    const surryHills = await userWithRole(ctx, 'manager', { restaurants: [ids['surry-hills'] as number] });
    expect((await report(week, surryHills.token)).staff_tips.map((s) => [s.name, s.tips])).toEqual([
      [sampleWeekStaff.sam, 500],
      [sampleWeekStaff.kim, 0],
      [notRecordedStaff, 0],
    ]);
    for (const caller of [await signInAs(ctx.app, 'customer'), sample.staff.sam.token]) {
      expect((await call(ctx, 'GET', `/v2/admin/reports?${week}`, caller)).statusCode).toBe(403);
      expect((await call(ctx, 'GET', `/v2/admin/reports/export?${week}&table=staff_tips`, caller)).statusCode).toBe(
        403,
      );
    }
  });

  it('a real order: the staff member who accepts it is credited with its tip', async () => {
    await call(ctx, 'PUT', '/v2/admin/tips', owner, {
      methods: { pickup: true, delivery: false, dine_in: false },
      presets: [10],
      allow_custom: true,
      taxed: false,
    });
    const { placed } = await guestOrder(shop, { payment_method: 'cash_on_delivery', tip: { amount: 350 } });
    const accepted = await call(ctx, 'PATCH', `/v2/admin/orders/${placed.order.id}/status`, sample.staff.kim.token, {
      status: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.handled_by).toEqual({ id: sample.staff.kim.id, name: sampleWeekStaff.kim });
    const today = toZoned(new Date(), 'Australia/Sydney').date;
    const { staff_tips } = await report(`from=${today}&to=${today}&restaurant_id=${shop.restaurantId}`, owner);
    expect(staff_tips.find((s) => s.user_id === sample.staff.kim.id)).toMatchObject({ orders: 1, tips: 350 });
  });
});
