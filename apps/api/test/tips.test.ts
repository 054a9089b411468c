import { sandboxTestCards, toZoned } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/app.js';
import { signInAs, tenantId } from './support/auth.js';
import { call, confirmSandbox, guestOrder, newGuest, pickupOrder, type Shop, startShop } from './support/orders.js';
import { pdfText } from './support/pdf.js';

let ctx: TestContext;
let shop: Shop;
let owner: string;

beforeAll(async () => {
  shop = await startShop();
  ctx = shop.ctx;
  owner = await signInAs(ctx.app, 'owner');
});
afterAll(async () => ctx?.close());

const orderCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('tip settings', () => {
  it('are off by default; only the owner turns them on, per method, with presets and a custom amount', async () => {
    const off = await call(ctx, 'GET', `/v2/tips?tenant_id=${tenantId}`, null);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.methods).toEqual({ pickup: false, delivery: false, dine_in: false });

    // Off: a tip is refused and nothing is placed.
    const before = await orderCount();
    const refused = await pickupOrder(shop, await newGuest(ctx), { tip: { percent: 10 } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({ tip: 'Tips are not offered for this order' });
    expect(await orderCount()).toBe(before);

    const settings = {
      methods: { pickup: true, delivery: false, dine_in: true },
      presets: [15, 5, 10],
      allow_custom: false,
      taxed: false,
    };
    expect((await call(ctx, 'PUT', '/v2/admin/tips', await signInAs(ctx.app, 'manager'), settings)).statusCode).toBe(
      403,
    );
    for (const [presets, message] of [
      [[], 'Offer at least one percentage'],
      [[5, 10, 15, 20, 25], 'Offer at most four percentages'],
      [[10, 10], 'Each percentage once'],
      [[0], 'At least 1%'],
      [[101], 'At most 100%'],
      [[12.5], 'Use whole percentages'],
    ] as const) {
      const bad = await call(ctx, 'PUT', '/v2/admin/tips', owner, { ...settings, presets });
      expect(bad.statusCode, JSON.stringify(presets)).toBe(400);
      expect(Object.values(bad.json().error.fields ?? {})).toContain(message);
    }
    expect((await call(ctx, 'GET', '/v2/admin/tips', owner)).json().data.methods.pickup).toBe(false);
    const whole = await call(ctx, 'PUT', '/v2/admin/tips', owner, { ...settings, presets: [1, 20, 50, 100] });
    expect(whole.json().data.presets).toEqual([1, 20, 50, 100]);
    const saved = await call(ctx, 'PUT', '/v2/admin/tips', owner, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ ...settings, presets: [5, 10, 15] });
    expect((await call(ctx, 'GET', `/v2/tips?tenant_id=${tenantId}`, null)).json().data.presets).toEqual([5, 10, 15]);
  });
});

describe('a tip at checkout', () => {
  it('10 % on a card order: on top of the total, in the card payment, on the board, refunded with the order, in the report', async () => {
    const guest = await newGuest(ctx);
    const res = await pickupOrder(shop, guest, { tip: { percent: 10 } });
    expect(res.statusCode, res.body).toBe(201);
    const { order, payment } = res.json().data;
    const tip = Math.floor((order.totals.total * 10 * 2 + 100) / 200);
    expect(order.totals.tip).toBe(tip);
    expect(order.totals.amount_due).toBe(order.totals.total + tip);
    expect(payment.amount).toBe(order.totals.total + tip);
    const paid = await confirmSandbox(ctx, guest, payment.payment_id, sandboxTestCards.success);
    expect(paid.json().data.status).toBe('succeeded');

    const board = (await call(ctx, 'GET', '/v2/admin/orders?per_page=100', owner)).json().data.items;
    expect(board.find((o: { id: number }) => o.id === order.id).totals.tip).toBe(tip);

    const today = toZoned(new Date(), 'Australia/Sydney').date;
    const report = (await call(ctx, 'GET', `/v2/admin/reports?from=${today}&to=${today}`, owner)).json().data;
    expect(report.totals.tips).toBe(tip);
    expect(report.days[0].tips).toBe(tip);

    const cancelled = await call(ctx, 'PATCH', `/v2/admin/orders/${order.id}/status`, owner, {
      status: 'cancelled',
      reason: 'Out of dough',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refund = await ctx.db
      .selectFrom('sandbox_refunds')
      .select('amount_cents')
      .where('payment_id', '=', payment.payment_id)
      .executeTakeFirstOrThrow();
    expect(refund.amount_cents).toBe(order.totals.total + tip);
    const after = (await call(ctx, 'GET', `/v2/admin/reports?from=${today}&to=${today}`, owner)).json().data;
    expect(after.totals.refunds).toBe(order.totals.total + tip);
    expect(after.totals.net_sales).toBe(0);
  });

  it('refuses a percentage not offered and a custom amount until allowed, placing nothing; then takes a custom amount', async () => {
    const before = await orderCount();
    expect((await pickupOrder(shop, await newGuest(ctx), { tip: { percent: 12 } })).statusCode).toBe(422);
    expect((await pickupOrder(shop, await newGuest(ctx), { tip: { amount: 300 } })).statusCode).toBe(422);
    expect((await pickupOrder(shop, await newGuest(ctx), { tip: { percent: 10, amount: 5 } })).statusCode).toBe(400);
    expect(await orderCount()).toBe(before);
    await call(ctx, 'PUT', '/v2/admin/tips', owner, {
      methods: { pickup: true, delivery: false, dine_in: false },
      presets: [10],
      allow_custom: true,
      taxed: false,
    });
    const custom = await guestOrder(shop, { payment_method: 'cash_on_delivery', tip: { amount: 250 } });
    expect(custom.placed.order.totals).toMatchObject({ tip: 250 });
    expect(custom.placed.order.totals.amount_due).toBe(custom.placed.order.totals.total + 250);
    const stored = await ctx.db
      .selectFrom('orders')
      .select('tip_cents')
      .where('id', '=', custom.placed.order.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.tip_cents)).toBe(250);
  });

  it('orders placed at once are each judged by the settings as they stand, read once for them all (decision 073)', async () => {
    await call(ctx, 'PUT', '/v2/admin/tips', owner, {
      methods: { pickup: true, delivery: false, dine_in: false },
      presets: [10],
      allow_custom: false,
      taxed: false,
    });
    const cash = { payment_method: 'cash_on_delivery' };
    const guests = await Promise.all(Array.from({ length: 6 }, () => newGuest(ctx)));
    const answers = await Promise.all(
      guests.map((guest, i) => pickupOrder(shop, guest, { ...cash, tip: { percent: i % 2 === 0 ? 10 : 12 } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 422, 201, 422, 201, 422]);
    for (const [i, answer] of answers.entries()) {
      if (i % 2 === 0) expect(answer.json().data.order.totals.tip).toBeGreaterThan(0);
      else expect(answer.json().error.fields).toHaveProperty('tip');
    }
    // Turned off: the next orders, at once again, are refused a tip at once.
    await call(ctx, 'PUT', '/v2/admin/tips', owner, {
      methods: { pickup: false, delivery: false, dine_in: false },
      presets: [10],
      allow_custom: false,
      taxed: false,
    });
    const after = await Promise.all(
      Array.from({ length: 3 }, async () => pickupOrder(shop, await newGuest(ctx), { ...cash, tip: { percent: 10 } })),
    );
    expect(after.map((a) => a.statusCode)).toEqual([422, 422, 422]);
  });

  it('takes a custom amount in whole cents up to $500, never negative; off for the method or not allowed, 422', async () => {
    await call(ctx, 'PUT', '/v2/admin/tips', owner, {
      methods: { pickup: true, delivery: false, dine_in: false },
      presets: [10],
      allow_custom: true,
      taxed: false,
    });
    const before = await orderCount();
    for (const [amount, fields] of [
      [-1, { 'tip.amount': 'A tip cannot be negative' }],
      [50_001, { 'tip.amount': 'A tip can be at most $500' }],
      // Neither a percentage nor whole cents: the whole choice is named.
      [2.5, { tip: 'Invalid input' }],
    ] as const) {
      const bad = await pickupOrder(shop, await newGuest(ctx), { tip: { amount } });
      expect(bad.statusCode, String(amount)).toBe(400);
      expect(bad.json().error.fields, bad.body).toEqual(fields);
    }
    expect(await orderCount()).toBe(before);
    const most = await guestOrder(shop, { payment_method: 'cash_on_delivery', tip: { amount: 50_000 } });
    expect(most.placed.order.totals.tip).toBe(50_000);
    expect(most.placed.order.totals.amount_due).toBe(most.placed.order.totals.total + 50_000);

    // Percentages stay on; custom amounts off: refused in the envelope, nothing placed.
    await call(ctx, 'PUT', '/v2/admin/tips', owner, {
      methods: { pickup: true, delivery: false, dine_in: false },
      presets: [10],
      allow_custom: false,
      taxed: false,
    });
    const count = await orderCount();
    const refused = await pickupOrder(shop, await newGuest(ctx), { tip: { amount: 250 } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      data: null,
      error: { code: 'unprocessable', fields: { tip: 'Custom tips are not offered' } },
    });
    expect(await orderCount()).toBe(count);
    expect(
      (await guestOrder(shop, { payment_method: 'cash_on_delivery', tip: { percent: 10 } })).placed.order.totals.tip,
    ).toBeGreaterThan(0);
  });
});

describe('tips that bear tax (decision 044)', () => {
  it('the setting is saved; an order keeps the tax inside its tip; the invoice and the report show it', async () => {
    const settings = {
      methods: { pickup: true, delivery: false, dine_in: false },
      presets: [10],
      allow_custom: true,
      taxed: true,
    };
    const missing = await call(ctx, 'PUT', '/v2/admin/tips', owner, { ...settings, taxed: undefined });
    expect(missing.statusCode).toBe(400);
    const saved = await call(ctx, 'PUT', '/v2/admin/tips', owner, settings);
    expect(saved.json().data.taxed).toBe(true);
    expect((await call(ctx, 'GET', `/v2/tips?tenant_id=${tenantId}`, null)).json().data.taxed).toBe(true);

    // The demo business charges 10 % GST inside prices: $11.00 of tip carries $1.00 of GST.
    const { guest, placed } = await guestOrder(shop, { payment_method: 'cash_on_delivery', tip: { amount: 1100 } });
    expect(placed.order.totals).toMatchObject({ tip: 1100, tip_tax: 100 });
    expect(placed.order.totals.amount_due).toBe(placed.order.totals.total + 1100);

    const invoice = await call(ctx, 'GET', `/v2/orders/${placed.order.id}/invoice`, guest.token);
    expect(invoice.statusCode).toBe(200);
    const text = pdfText(invoice.rawPayload);
    expect(text).toContain('Tip includes GST');
    expect(text).toContain('$1.00');

    const today = toZoned(new Date(), 'Australia/Sydney').date;
    const report = (
      await call(ctx, 'GET', `/v2/admin/reports?from=${today}&to=${today}&restaurant_id=${shop.restaurantId}`, owner)
    ).json().data;
    const taxOfOrders = await ctx.db
      .selectFrom('orders')
      .select(['tax_cents', 'tip_tax_cents'])
      .where('tenant_id', '=', tenantId)
      .where('restaurant_id', '=', shop.restaurantId)
      .where('placed_at', 'is not', null)
      .where('status', '!=', 'cancelled')
      .where('payment_status', '!=', 'refunded')
      .execute();
    expect(report.totals.tax).toBe(taxOfOrders.reduce((s, o) => s + Number(o.tax_cents) + Number(o.tip_tax_cents), 0));

    // Turned off again: new orders carry no tax in their tips; the order placed keeps its own.
    await call(ctx, 'PUT', '/v2/admin/tips', owner, { ...settings, taxed: false });
    const later = await guestOrder(shop, { payment_method: 'cash_on_delivery', tip: { amount: 1100 } });
    expect(later.placed.order.totals.tip_tax).toBe(0);
    const kept = await call(ctx, 'GET', `/v2/orders/${placed.order.id}`, guest.token);
    expect(kept.json().data.totals.tip_tax).toBe(100);
  });
});
