import { type Menu, type PlacedOrder, sandboxTestCards } from '@storefront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as loyalty from '../src/modules/loyalty/ledger.js';
import { createTestApp, type TestContext } from './support/app.js';
import { tenantId } from './support/auth.js';
import {
  addToCart,
  type Caller,
  call,
  firstTime,
  guestDetails,
  menuOf,
  newGuest,
  openAllDay,
  placeOrder,
  restaurantIds,
  simpleProduct,
  userWithRole,
} from './support/orders.js';

let ctx: TestContext;
let menu: Menu;
let restaurantId: number;
let staff: Caller;
let manager: Caller;

beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '10000' } });
  restaurantId = (await restaurantIds(ctx))['surry-hills'] as number;
  await openAllDay(ctx, restaurantId);
  menu = await menuOf(ctx, restaurantId);
  staff = await userWithRole(ctx, 'staff');
  manager = await userWithRole(ctx, 'manager');
});
afterAll(async () => ctx?.close());

async function issue(amount: number) {
  const res = await call(ctx, 'POST', '/v2/admin/gift-cards', manager.token, {
    amount,
    recipient_name: 'Grace Hopper',
    recipient_email: `friend-${Math.random().toString(36).slice(2)}@example.com`,
    note: 'Test card',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { code: string; gift_card: { id: number; balance: number } };
}

async function balanceOf(id: number) {
  return (await ctx.db.selectFrom('gift_cards').select('balance').where('id', '=', id).executeTakeFirstOrThrow())
    .balance;
}

async function order(caller: Caller, extra: Record<string, unknown>, quantity = 2) {
  await addToCart(ctx, caller, restaurantId, simpleProduct(menu), quantity);
  return placeOrder(ctx, caller, {
    restaurant_id: restaurantId,
    method: 'pickup',
    ...(await firstTime(ctx, restaurantId, 'pickup')),
    payment_method: 'card',
    ...('guest_id' in caller.ids ? { guest_details: guestDetails() } : {}),
    ...extra,
  });
}

const confirm = (caller: Caller, paymentId: string, number: string) =>
  call(ctx, 'POST', '/v2/payments/sandbox/confirm', caller.token, {
    payment_id: paymentId,
    card_number: number,
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 2,
    cvc: '123',
  });

const move = (id: number, status: string) =>
  call(ctx, 'PATCH', `/v2/admin/orders/${id}/status`, staff.token, { status });

async function complete(id: number) {
  for (const status of ['accepted', 'ready', 'completed']) {
    const res = await move(id, status);
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function pointsOf(userId: number) {
  const row = await ctx.db
    .selectFrom('loyalty_accounts')
    .select('balance')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.balance ?? 0;
}

describe('gift cards and points in the order transaction', () => {
  it('a $5 gift card pays part; the card pays the rest and the order is placed', async () => {
    const card = await issue(500);
    const guest = await newGuest(ctx);
    const res = await order(guest, { gift_card_code: card.code });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().data as PlacedOrder;
    const totals = placed.order.totals;
    expect(totals.gift_card).toBe(500);
    expect(totals.amount_due).toBe(totals.total - 500);
    expect(placed.order.status).toBe('pending_payment');
    expect(placed.payment?.amount).toBe(totals.amount_due);
    expect(await balanceOf(card.gift_card.id)).toBe(0);
    const paid = await confirm(guest, placed.payment?.payment_id as string, sandboxTestCards.success);
    expect(paid.statusCode, paid.body).toBe(200);
    const row = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', placed.order.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'placed', payment_status: 'paid', gift_card_cents: 500 });
  });

  it('a gift card covering the whole order needs no payment: placed and paid at once', async () => {
    const card = await issue(50_000);
    const guest = await newGuest(ctx);
    const res = await order(guest, { gift_card_code: card.code });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().data as PlacedOrder;
    expect(placed.payment).toBeNull();
    expect(placed.order).toMatchObject({ status: 'placed', payment_status: 'paid' });
    expect(placed.order.totals.amount_due).toBe(0);
    expect(placed.order.totals.gift_card).toBe(placed.order.totals.total);
    expect(await balanceOf(card.gift_card.id)).toBe(50_000 - placed.order.totals.total);
  });

  it('a declined card, then cancelling, gives the gift card amount back (once)', async () => {
    const card = await issue(500);
    const guest = await newGuest(ctx);
    const placed = (await order(guest, { gift_card_code: card.code })).json().data as PlacedOrder;
    expect(await balanceOf(card.gift_card.id)).toBe(0);
    const declined = await confirm(guest, placed.payment?.payment_id as string, sandboxTestCards.declined);
    expect(declined.json().data).toMatchObject({ error: 'Your card was declined.' });
    expect(await balanceOf(card.gift_card.id)).toBe(0);
    const cancelled = await call(ctx, 'POST', `/v2/orders/${placed.order.id}/cancel`, guest.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balanceOf(card.gift_card.id)).toBe(500);
    const kinds = (
      await ctx.db.selectFrom('gift_card_ledger').select('kind').where('gift_card_id', '=', card.gift_card.id).execute()
    ).map((e) => e.kind);
    expect(kinds.sort()).toEqual(['issue', 'redeem', 'release']);
  });

  it('points are earned once on completion; a refund restores the gift card and reverses the points', async () => {
    const user = await userWithRole(ctx, 'customer');
    const userId = (user.ids as { user_id: number }).user_id;
    const card = await issue(50_000);
    const placed = (await order(user, { gift_card_code: card.code })).json().data as PlacedOrder;
    expect(placed.order.status).toBe('placed');
    await complete(placed.order.id);
    const earned = Math.floor(placed.order.totals.total / 100);
    expect(await pointsOf(userId)).toBe(earned);
    // Completed again (a repeated event) earns nothing more.
    expect((await move(placed.order.id, 'completed')).statusCode).toBe(409);
    await ctx.db
      .transaction()
      .execute((trx) =>
        loyalty.earn(trx, { tenantId, userId, orderId: placed.order.id, spentCents: 10_000, now: new Date() }),
      );
    expect(await pointsOf(userId)).toBe(earned);

    const refunded = await move(placed.order.id, 'refunded');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({ status: 'refunded', payment_status: 'refunded' });
    expect(await balanceOf(card.gift_card.id)).toBe(50_000);
    expect(await pointsOf(userId)).toBe(0);
  });

  it('points redeemed as a discount lower the total; cancelling gives them back', async () => {
    const user = await userWithRole(ctx, 'customer');
    const userId = (user.ids as { user_id: number }).user_id;
    await ctx.db
      .transaction()
      .execute((trx) => loyalty.earn(trx, { tenantId, userId, orderId: 990_001, spentCents: 30_000, now: new Date() }));
    expect(await pointsOf(userId)).toBe(300);
    const placed = (await order(user, { loyalty_points: 100 })).json().data as PlacedOrder;
    expect(placed.order.totals.loyalty).toBe(500);
    expect(placed.order.totals.amount_due).toBe(placed.order.totals.total);
    expect(placed.payment?.amount).toBe(placed.order.totals.total);
    expect(await pointsOf(userId)).toBe(200);
    await call(ctx, 'POST', `/v2/orders/${placed.order.id}/cancel`, user.token);
    expect(await pointsOf(userId)).toBe(300);
  });

  it('guests cannot redeem points; an unknown gift card changes nothing', async () => {
    const guest = await newGuest(ctx);
    expect((await order(guest, { loyalty_points: 100 })).statusCode).toBe(401);
    const res = await order(guest, { gift_card_code: 'AAAA-BBBB-CCCC-DDDD' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const count = await ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('guest_id', '=', (guest.ids as { guest_id: number }).guest_id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('20 parallel orders through POST /api/v2/orders spend one $50 card at most once over', async () => {
    const card = await issue(5000);
    const guests = await Promise.all(Array.from({ length: 20 }, () => newGuest(ctx)));
    const results = await Promise.all(guests.map((g) => order(g, { gift_card_code: card.code }, 1)));
    const accepted = results.filter((r) => r.statusCode === 201).map((r) => (r.json().data as PlacedOrder).order);
    for (const r of results) if (r.statusCode !== 201) expect([409, 422]).toContain(r.statusCode);
    const spent = accepted.reduce((sum, o) => sum + o.totals.gift_card, 0);
    expect(spent).toBeLessThanOrEqual(5000);
    const balance = await balanceOf(card.gift_card.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(5000 - spent);
    const redeems = await ctx.db
      .selectFrom('gift_card_ledger')
      .select(['order_id', 'amount'])
      .where('gift_card_id', '=', card.gift_card.id)
      .where('kind', '=', 'redeem')
      .execute();
    const withCard = accepted.filter((o) => o.totals.gift_card > 0);
    expect(redeems).toHaveLength(withCard.length);
    for (const o of withCard) expect(redeems.find((r) => r.order_id === o.id)?.amount).toBe(-o.totals.gift_card);
  });
});
