import { toZoned } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/app.js';
import { signInAs } from './support/auth.js';
import { call, guestOrder, type Shop, startShop, userWithRole } from './support/orders.js';
import { cents, parseCsv, sampleWeek, sampleWeekTotals, seedSampleWeek } from './support/sample-week.js';

let ctx: TestContext;
let shop: Shop;
let ids: Record<string, number>;
let owner: string;
let manager: string;

const week = sampleWeek.query;

beforeAll(async () => {
  shop = await startShop();
  ctx = shop.ctx;
  owner = await signInAs(ctx.app, 'owner');
  manager = await signInAs(ctx.app, 'manager');
  ids = (await seedSampleWeek(ctx)).ids;
});
afterAll(async () => ctx?.close());

describe('a seeded week gives known totals', () => {
  it('the owner sees every restaurant, gift cards included', async () => {
    const res = await call(ctx, 'GET', `/v2/admin/reports?${week}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report.totals).toEqual(sampleWeekTotals);
    expect(report.gift_cards).toEqual({
      sold: 5000,
      sold_count: 1,
      refunded: 0,
      redeemed: 1000,
      liability: 4000,
      whole_business: true,
    });
    expect(report.days.map((d: { date: string; net_sales: number }) => [d.date, d.net_sales])).toEqual([
      ['2026-11-09', 3000],
      ['2026-11-10', 5500],
      ['2026-11-11', 2400],
      ['2026-11-12', 0],
      ['2026-11-13', 0],
      ['2026-11-14', 1500],
      ['2026-11-15', 1000],
    ]);
    expect(report.hours[19]).toEqual({ hour: 19, orders: 1, net_sales: 5500 });
    expect(report.methods).toEqual([
      { method: 'pickup', orders: 4, net_sales: 5500 },
      { method: 'delivery', orders: 1, net_sales: 5500 },
      { method: 'dine_in', orders: 1, net_sales: 2400 },
    ]);
    expect(report.payments).toEqual([
      { method: 'card', orders: 5, amount: 3000 + 4500 + 2000 + 1000 + 1500, refunded: 2000 },
      { method: 'cash', orders: 1, amount: 2400, refunded: 0 },
      { method: 'gift_card', orders: 1, amount: 1000, refunded: 0 },
      { method: 'points', orders: 1, amount: 300, refunded: 0 },
    ]);
    expect(report.products[0]).toEqual({ name: 'Lasagne', quantity: 2, sales: 5000 });
    expect(report.products.find((p: { name: string }) => p.name === 'Calzone')).toBeUndefined();
    expect(report.modifiers).toEqual([{ name: 'Size: Large', quantity: 2 }]);
  });

  it('a manager sees the restaurants they manage only, without the business-wide gift cards', async () => {
    const res = await call(ctx, 'GET', `/v2/admin/reports?${week}`, manager);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report.restaurants.map((r: { id: number }) => r.id).sort()).toEqual(
      [ids['surry-hills'], ids.parramatta].sort(),
    );
    expect(report.totals).toMatchObject({
      orders: 5,
      gross_sales: 13_400,
      net_sales: 11_900,
      tax: 991,
      average_order_value: 2975,
    });
    expect(report.gift_cards).toMatchObject({ sold: 0, liability: 0, redeemed: 1000, whole_business: false });

    const one = (await call(ctx, 'GET', `/v2/admin/reports?${week}&restaurant_id=${ids.parramatta}`, manager)).json()
      .data;
    expect(one.totals).toMatchObject({ orders: 1, net_sales: 2400 });
    const two = await call(
      ctx,
      'GET',
      `/v2/admin/reports?${week}&restaurant_id=${ids.parramatta}&restaurant_id=${ids['surry-hills']}`,
      manager,
    );
    expect(two.json().data.totals.net_sales).toBe(11_900);
  });
});

describe('a refund made in a later period than its order (decision 044)', () => {
  const sale = 'from=2026-10-26&to=2026-11-01';
  const refund = 'from=2026-11-02&to=2026-11-08';
  it('counts the sale in its week and the refund on the day it was made', async () => {
    const first = (await call(ctx, 'GET', `/v2/admin/reports?${sale}`, owner)).json().data;
    expect(first.totals).toMatchObject({ orders: 1, refunded_orders: 0, refunds: 0, net_sales: 3630, tax: 300 });
    expect(first.products).toEqual([{ name: 'Osso buco', quantity: 1, sales: 3300 }]);
    const second = (await call(ctx, 'GET', `/v2/admin/reports?${refund}`, manager)).json().data;
    expect(second.totals).toMatchObject({ orders: 0, refunded_orders: 1, refunds: 3630, net_sales: -3630, tax: -300 });
    expect(second.days.find((d: { date: string }) => d.date === '2026-11-04')).toMatchObject({
      orders: 0,
      refunds: 3630,
      net_sales: -3630,
    });
    expect(second.payments[0]).toEqual({ method: 'card', orders: 0, amount: 0, refunded: 3630 });
    // Over both weeks the order and its refund reconcile to nothing.
    const both = (await call(ctx, 'GET', '/v2/admin/reports?from=2026-10-26&to=2026-11-08', owner)).json().data;
    expect(both.totals).toMatchObject({ orders: 1, refunded_orders: 1, refunds: 3630, net_sales: 0, tax: 0 });
    const csv = parseCsv((await call(ctx, 'GET', `/v2/admin/reports/export?${refund}&table=days`, owner)).body);
    expect(csv.find((r) => r[0] === '2026-11-04')?.slice(4, 8)).toEqual(['36.30', '0.00', '-36.30', '-3.00']);
  });

  it('a manager of another restaurant does not see it', async () => {
    const limited = await userWithRole(ctx, 'manager', { restaurants: [ids.parramatta as number] });
    const other = (await call(ctx, 'GET', `/v2/admin/reports?${refund}`, limited.token)).json().data;
    expect(other.totals).toMatchObject({ refunded_orders: 0, refunds: 0, net_sales: 0 });
  });
});

describe('role and restaurant scope', () => {
  it('refuses staff, customers, strangers, other restaurants and bad periods', async () => {
    const third = Object.entries(ids).find(([slug]) => slug !== 'surry-hills' && slug !== 'parramatta')?.[1];
    expect((await call(ctx, 'GET', `/v2/admin/reports?${week}&restaurant_id=${third}`, manager)).statusCode).toBe(403);
    const limited = await userWithRole(ctx, 'manager', { restaurants: [ids['surry-hills'] as number] });
    const refused = await call(
      ctx,
      'GET',
      `/v2/admin/reports/export?${week}&table=days&restaurant_id=${ids.parramatta}`,
      limited.token,
    );
    expect(refused.statusCode).toBe(403);
    expect((await call(ctx, 'GET', `/v2/admin/reports?${week}`, limited.token)).json().data.totals.orders).toBe(4);
    expect((await call(ctx, 'GET', `/v2/admin/reports?${week}`, await signInAs(ctx.app, 'staff'))).statusCode).toBe(
      403,
    );
    expect((await call(ctx, 'GET', `/v2/admin/reports?${week}`, await signInAs(ctx.app, 'customer'))).statusCode).toBe(
      403,
    );
    expect((await call(ctx, 'GET', `/v2/admin/reports?${week}`, null)).statusCode).toBe(401);
    const backwards = await call(ctx, 'GET', '/v2/admin/reports?from=2026-11-15&to=2026-11-09', owner);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.code).toBe('bad_request');
    expect((await call(ctx, 'GET', '/v2/admin/reports?from=2026-02-30&to=2026-03-01', owner)).statusCode).toBe(400);
    expect((await call(ctx, 'GET', '/v2/admin/reports?from=2024-01-01&to=2026-01-01', owner)).statusCode).toBe(400);
    expect((await call(ctx, 'GET', `/v2/admin/reports/export?${week}&table=secrets`, owner)).statusCode).toBe(400);
  });
});

describe('CSV export', () => {
  it('every table parses back to the same figures as the report', async () => {
    const report = (await call(ctx, 'GET', `/v2/admin/reports?${week}`, owner)).json().data;
    const days = await call(ctx, 'GET', `/v2/admin/reports/export?${week}&table=days`, owner);
    expect(days.statusCode).toBe(200);
    expect(days.headers['content-type']).toMatch(/^text\/csv/);
    expect(days.headers['content-disposition']).toContain('sales-days-2026-11-09-to-2026-11-15.csv');
    const rows = parseCsv(days.body);
    expect(rows[0]).toEqual(['Date', 'Orders', 'Gross sales', 'Discounts', 'Refunds', 'Tips', 'Net sales', 'Tax']);
    expect(rows.slice(1).map((r) => [r[0], Number(r[1]), cents(r[6] as string), cents(r[7] as string)])).toEqual(
      report.days.map((d: { date: string; orders: number; net_sales: number; tax: number }) => [
        d.date,
        d.orders,
        d.net_sales,
        d.tax,
      ]),
    );
    const summary = new Map(
      parseCsv((await call(ctx, 'GET', `/v2/admin/reports/export?${week}&table=summary`, owner)).body).map(([k, v]) => [
        k,
        v,
      ]),
    );
    expect(cents(summary.get('Net sales') as string)).toBe(report.totals.net_sales);
    expect(cents(summary.get('Tax collected') as string)).toBe(report.totals.tax);
    expect(cents(summary.get('Gift card liability') as string)).toBe(4000);
    for (const table of ['hours', 'methods', 'payments', 'products', 'modifiers']) {
      const answer = await call(ctx, 'GET', `/v2/admin/reports/export?${week}&table=${table}`, owner);
      expect(answer.statusCode).toBe(200);
      expect(parseCsv(answer.body).length - 1).toBe(report[table].length);
    }
    const products = parseCsv((await call(ctx, 'GET', `/v2/admin/reports/export?${week}&table=products`, owner)).body);
    expect(products.slice(1).reduce((s, r) => s + cents(r[2] as string), 0)).toBe(
      report.products.reduce((s: number, p: { sales: number }) => s + p.sales, 0),
    );
    // Every line of every order in the week, refunded ones marked.
    const lines = parseCsv((await call(ctx, 'GET', `/v2/admin/reports/export?${week}&table=lines`, owner)).body);
    expect(lines).toHaveLength(1 + 6);
    expect(lines.find((l) => l[7] === 'Calzone')?.[6]).toBe('Refunded');
    expect(lines.find((l) => l[7] === 'Lasagne')?.slice(1, 5)).toEqual([
      '2026-11-10',
      '19:00',
      'Bella Nonna Surry Hills',
      'Delivery',
    ]);
  });
});

describe('a real order', () => {
  it('is reported from its snapshot, to the cent', async () => {
    const { placed } = await guestOrder(shop, { payment_method: 'cash_on_delivery' }, { quantity: 2 });
    const today = toZoned(new Date(), 'Australia/Sydney').date;
    const res = await call(
      ctx,
      'GET',
      `/v2/admin/reports?from=${today}&to=${today}&restaurant_id=${shop.restaurantId}`,
      owner,
    );
    const report = res.json().data;
    expect(report.totals).toMatchObject({
      orders: 1,
      gross_sales: placed.order.totals.subtotal,
      net_sales: placed.order.totals.total,
      tax: placed.order.totals.tax,
    });
    expect(report.products).toEqual([
      { name: placed.order.lines[0]?.name, quantity: 2, sales: placed.order.lines[0]?.discounted_item_total },
    ]);
  });
});
