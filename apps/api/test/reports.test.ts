import { toZoned } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/app.js';
import { signInAs, tenantId } from './support/auth.js';
import { call, guestOrder, newGuest, restaurantIds, type Shop, startShop, userWithRole } from './support/orders.js';

let ctx: TestContext;
let shop: Shop;
let ids: Record<string, number>;
let owner: string;
let manager: string;
let orderNo = 9000;
let guestId: number;

/** Parses RFC 4180 CSV as the export writes it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}
const cents = (decimal: string) => Math.round(Number(decimal) * 100);

interface Seeded {
  restaurant: string;
  placedAt: string | null;
  method?: 'pickup' | 'delivery' | 'dine_in';
  payment?: 'card' | 'cash_on_delivery';
  status?: 'placed' | 'completed' | 'cancelled' | 'refunded' | 'pending_payment';
  paymentStatus?: 'paid' | 'unpaid' | 'refunded' | 'pending';
  refundedAt?: string;
  subtotal: number;
  tax: number;
  coupon?: number;
  delivery?: number;
  loyalty?: number;
  giftCard?: number;
  tip?: number;
  lines: { name: string; quantity: number; total: number; tax: number; details?: string[] }[];
}

/** An order as placing one leaves it (its snapshot and money columns), at a chosen time in the past. */
async function seedOrder(o: Seeded) {
  const coupon = o.coupon ?? 0;
  const total = o.subtotal - coupon + (o.delivery ?? 0) - (o.loyalty ?? 0);
  const at = o.placedAt ?? new Date().toISOString();
  const snapshot = {
    lines: o.lines.map((l, i) => ({
      id: i + 1,
      name: l.name,
      quantity: l.quantity,
      unit_price: l.total / l.quantity,
      item_total: l.total,
      discount_amount: 0,
      order_level_discount: 0,
      discounted_item_total: l.total,
      tax: l.tax,
      is_free: false,
      notes: null,
      details: l.details ?? [],
    })),
    adjustments: [
      ...(coupon ? [{ reason: 'coupon', source_id: 1, code: 'SAVE', label: 'SAVE', amount: -coupon, lines: [] }] : []),
      ...(o.delivery
        ? [{ reason: 'delivery_charge', source_id: null, code: null, label: 'Delivery', amount: o.delivery, lines: [] }]
        : []),
    ],
  };
  orderNo += 1;
  await ctx.db
    .insertInto('orders')
    .values({
      tenant_id: tenantId,
      restaurant_id: ids[o.restaurant] as number,
      user_id: null,
      guest_id: guestId,
      order_number: String(orderNo),
      status: o.status ?? 'completed',
      method: o.method ?? 'pickup',
      pickup_date: null,
      pickup_time: null,
      scheduled_for: null,
      slot_start: null,
      table_id: o.method === 'dine_in' ? 'T1' : null,
      special_instructions: null,
      customer_name: 'Seeded',
      customer_email: 'seeded@example.test',
      customer_phone: '0400 000 000',
      delivery_address: null,
      payment_method: o.payment ?? 'card',
      payment_status: o.paymentStatus ?? 'paid',
      payment_provider: null,
      payment_id: null,
      refund_id: null,
      refunded_at: o.refundedAt ?? null,
      currency: 'AUD',
      subtotal_cents: o.subtotal,
      discount_cents: coupon,
      tax_cents: o.tax,
      delivery_cents: o.delivery ?? 0,
      surcharge_cents: 0,
      gift_card_cents: o.giftCard ?? 0,
      loyalty_cents: o.loyalty ?? 0,
      tip_cents: o.tip ?? 0,
      total_cents: total,
      amount_due_cents: total - (o.giftCard ?? 0) + (o.tip ?? 0),
      item_count: o.lines.reduce((s, l) => s + l.quantity, 0),
      coupon_code: null,
      coupon_id: null,
      snapshot: JSON.stringify(snapshot),
      access_token_hash: `seeded-${orderNo}`,
      ready_at: null,
      cancel_reason: null,
      placed_at: o.placedAt,
      released_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

const week = 'from=2026-11-09&to=2026-11-15';

beforeAll(async () => {
  shop = await startShop();
  ctx = shop.ctx;
  ids = await restaurantIds(ctx);
  owner = await signInAs(ctx.app, 'owner');
  manager = await signInAs(ctx.app, 'manager');
  guestId = ((await newGuest(ctx)).ids as { guest_id: number }).guest_id;
  // The week of Monday 9 to Sunday 15 November 2026 in Sydney (AEDT, UTC+11).
  const margherita = { name: 'Margherita', quantity: 2, total: 3000, tax: 273, details: ['Size: Large'] };
  await seedOrder({
    restaurant: 'surry-hills',
    placedAt: '2026-11-09T01:30:00.000Z',
    subtotal: 3000,
    tax: 273,
    lines: [margherita],
  });
  await seedOrder({
    restaurant: 'surry-hills',
    placedAt: '2026-11-10T08:00:00.000Z', // Tuesday 19:00
    method: 'delivery',
    subtotal: 5000,
    coupon: 500,
    delivery: 800,
    loyalty: 300,
    giftCard: 1000,
    tip: 500,
    tax: 409,
    lines: [{ name: 'Lasagne', quantity: 2, total: 5000, tax: 409 }],
  });
  await seedOrder({
    restaurant: 'parramatta',
    placedAt: '2026-11-11T01:00:00.000Z',
    method: 'dine_in',
    payment: 'cash_on_delivery',
    paymentStatus: 'unpaid',
    subtotal: 2400,
    tax: 218,
    lines: [{ name: 'Tiramisu', quantity: 2, total: 2400, tax: 218 }],
  });
  await seedOrder({
    restaurant: 'surry-hills',
    placedAt: '2026-11-12T02:00:00.000Z',
    status: 'refunded',
    paymentStatus: 'refunded',
    subtotal: 2000,
    tax: 182,
    lines: [{ name: 'Calzone', quantity: 1, total: 2000, tax: 182 }],
  });
  // Never a sale: cancelled before the cash was paid, and a card order never paid.
  await seedOrder({
    restaurant: 'surry-hills',
    placedAt: '2026-11-13T02:00:00.000Z',
    status: 'cancelled',
    payment: 'cash_on_delivery',
    paymentStatus: 'unpaid',
    subtotal: 7700,
    tax: 700,
    lines: [{ name: 'Calzone', quantity: 3, total: 7700, tax: 700 }],
  });
  await seedOrder({
    restaurant: 'surry-hills',
    placedAt: null,
    status: 'pending_payment',
    paymentStatus: 'pending',
    subtotal: 6600,
    tax: 600,
    lines: [{ name: 'Calzone', quantity: 3, total: 6600, tax: 600 }],
  });
  // Sunday 23:30 local is in the week; Monday 00:30 local is not.
  await seedOrder({
    restaurant: 'surry-hills',
    placedAt: '2026-11-15T12:30:00.000Z',
    subtotal: 1000,
    tax: 91,
    lines: [{ name: 'Chips', quantity: 1, total: 1000, tax: 91 }],
  });
  await seedOrder({
    restaurant: 'surry-hills',
    placedAt: '2026-11-15T13:30:00.000Z',
    subtotal: 4400,
    tax: 400,
    lines: [{ name: 'Chips', quantity: 4, total: 4400, tax: 400 }],
  });
  // Placed Wednesday 28 October, refunded Wednesday 4 November 10:00 in Sydney: a sale in one week,
  // a refund in the next (decision 044), and neither in the seeded week.
  await seedOrder({
    restaurant: 'surry-hills',
    placedAt: '2026-10-28T02:00:00.000Z',
    status: 'refunded',
    paymentStatus: 'refunded',
    refundedAt: '2026-11-03T23:00:00.000Z',
    subtotal: 3300,
    tip: 330,
    tax: 300,
    lines: [{ name: 'Osso buco', quantity: 1, total: 3300, tax: 300 }],
  });
  const third = Object.keys(ids).find((slug) => slug !== 'surry-hills' && slug !== 'parramatta') as string;
  await seedOrder({
    restaurant: third,
    placedAt: '2026-11-14T03:00:00.000Z',
    subtotal: 1500,
    tax: 136,
    lines: [{ name: 'Chips', quantity: 1, total: 1500, tax: 136 }],
  });

  // A gift card bought on the Monday, and part of it spent on the Tuesday's order.
  const card = await ctx.db
    .insertInto('gift_cards')
    .values({
      tenant_id: tenantId,
      code_hash: 'seeded-report-card',
      last4: '0000',
      initial_amount: 5000,
      balance: 4000,
      currency: 'AUD',
      status: 'active',
      source: 'purchase',
      recipient_name: 'R',
      recipient_email: 'r@example.test',
      sender_name: 'S',
      purchaser_email: 's@example.test',
      deliver_at: '2026-11-09T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('gift_card_ledger')
    .values([
      {
        tenant_id: tenantId,
        gift_card_id: card.id,
        kind: 'issue',
        amount: 5000,
        balance_after: 5000,
        order_id: null,
        note: null,
        created_by_user_id: null,
        created_at: '2026-11-09T00:00:00.000Z',
      },
      {
        tenant_id: tenantId,
        gift_card_id: card.id,
        kind: 'redeem',
        amount: -1000,
        balance_after: 4000,
        order_id: null,
        note: null,
        created_by_user_id: null,
        created_at: '2026-11-10T08:00:00.000Z',
      },
    ])
    .execute();
});
afterAll(async () => ctx?.close());

describe('a seeded week gives known totals', () => {
  it('the owner sees every restaurant, gift cards included', async () => {
    const res = await call(ctx, 'GET', `/v2/admin/reports?${week}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report.totals).toEqual({
      orders: 6,
      refunded_orders: 1,
      gross_sales: 14_900,
      coupon_discounts: 500,
      offer_discounts: 0,
      points_discounts: 300,
      refunds: 2000,
      tips: 500,
      delivery_fees: 800,
      surcharges: 0,
      exclusive_tax: 0,
      net_sales: 13_400,
      tax: 1127,
      average_order_value: 2680,
    });
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
