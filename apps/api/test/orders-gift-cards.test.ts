import {
  errorEnvelopeSchema,
  giftCardEmptyMessage,
  giftCardExpiredMessage,
  giftCardNotFoundMessage,
  type Order,
  type PlacedOrder,
  pointsProblemMessages,
  sandboxTestCards,
} from '@orderfront/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as loyalty from '../src/modules/loyalty/ledger.js';
import { comparableAnswer, type TestContext } from './support/app.js';
import { tenantId } from './support/auth.js';
import {
  expireGiftCard,
  giftCardBalance,
  issueGiftCard,
  ledgerSum,
  otherBusinessCard,
  pointsAccount,
} from './support/gift-cards.js';
import {
  addProduct,
  addToCart,
  type Caller,
  call,
  cheapestProduct,
  confirmSandbox,
  guestDetails,
  newGuest,
  pickupOrder,
  pickupTimes,
  placeOrder,
  type Shop,
  simpleProduct,
  startShop,
  userWithRole,
} from './support/orders.js';

let shop: Shop;
let ctx: TestContext;
let staff: Caller;
let manager: Caller;

beforeAll(async () => {
  shop = await startShop();
  ctx = shop.ctx;
  staff = await userWithRole(ctx, 'staff');
  manager = await userWithRole(ctx, 'manager');
});
afterAll(async () => ctx?.close());

const issue = (amount: number) => issueGiftCard(ctx, manager.token, amount);
const balanceOf = (id: number) => giftCardBalance(ctx.db, id);

/** A card order at Surry Hills paying with `extra` (a gift card code, points). */
const order = (caller: Caller, extra: Record<string, unknown>, quantity = 2) =>
  pickupOrder(shop, caller, extra, { quantity });

const confirm = (caller: Caller, paymentId: string, number: string) => confirmSandbox(ctx, caller, paymentId, number);

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

const earnPoints = (userId: number, orderId: number, spentCents: number) =>
  ctx.db.transaction().execute((trx) => loyalty.earn(trx, { tenantId, userId, orderId, spentCents, now: new Date() }));

async function ordersOf(column: 'guest_id' | 'user_id', ids: number[]) {
  return ctx.db.selectFrom('orders').select(['id', column]).where(column, 'in', ids).execute();
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

  it('guests cannot redeem points', async () => {
    const guest = await newGuest(ctx);
    const res = await order(guest, { loyalty_points: 100 });
    expect(res.statusCode).toBe(401);
    expect(errorEnvelopeSchema.parse(res.json()).error.fields).toEqual({ loyalty_points: 'Log in to redeem points' });
    expect(await ordersOf('guest_id', [(guest.ids as { guest_id: number }).guest_id])).toEqual([]);
  });

  it('a refund gives back the gift card part and the redeemed points and takes back the earned ones', async () => {
    const user = await userWithRole(ctx, 'customer');
    const userId = (user.ids as { user_id: number }).user_id;
    await earnPoints(userId, 990_002, 20_000);
    const card = await issue(500);
    const res = await order(user, { gift_card_code: card.code, loyalty_points: 100 });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().data as PlacedOrder;
    expect(placed.order.totals).toMatchObject({ loyalty: 500, gift_card: 500 });
    expect(await pointsOf(userId)).toBe(100);
    expect(await balanceOf(card.gift_card.id)).toBe(0);
    const paid = await confirm(user, placed.payment?.payment_id as string, sandboxTestCards.success);
    expect(paid.statusCode, paid.body).toBe(200);
    await complete(placed.order.id);
    const earned = Math.floor(placed.order.totals.total / 100);
    expect(await pointsOf(userId)).toBe(100 + earned);

    const refunded = await move(placed.order.id, 'refunded');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await balanceOf(card.gift_card.id)).toBe(500);
    expect(await ledgerSum(ctx.db, card.gift_card.id)).toBe(500);
    expect(await pointsOf(userId)).toBe(200);
    const entries = await ctx.db
      .selectFrom('loyalty_ledger')
      .select(['kind', 'points'])
      .where('order_id', '=', placed.order.id)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { kind: 'redeem', points: -100 },
      { kind: 'earn', points: earned },
      { kind: 'reverse', points: -earned },
      { kind: 'release', points: 100 },
    ]);
  });
});

describe('gift card codes at checkout', () => {
  it('unknown, malformed, void and other businesses’ codes get one answer, byte for byte, and change nothing', async () => {
    const voided = await issue(2000);
    const voidRes = await call(ctx, 'POST', `/v2/admin/gift-cards/${voided.gift_card.id}/void`, manager.token, {
      reason: 'Reported stolen',
    });
    expect(voidRes.statusCode, voidRes.body).toBe(200);
    const other = await otherBusinessCard(ctx.db);
    const codes = ['AAAA-BBBB-CCCC-DDDD', 'not a code', voided.code, other.code];
    const guests = await Promise.all(codes.map(() => newGuest(ctx)));
    const answers = [];
    for (const [i, code] of codes.entries()) answers.push(await order(guests[i] as Caller, { gift_card_code: code }));
    const first = answers[0] as LightMyRequestResponse;
    expect(first.statusCode).toBe(422);
    expect(first.json()).toEqual({
      data: null,
      error: {
        code: 'unprocessable',
        message: giftCardNotFoundMessage,
        fields: { gift_card_code: giftCardNotFoundMessage },
        request_id: expect.any(String),
      },
    });
    for (const res of answers) expect(comparableAnswer(res)).toEqual(comparableAnswer(first));
    const guestIds = guests.map((g) => (g.ids as { guest_id: number }).guest_id);
    expect(await ordersOf('guest_id', guestIds)).toEqual([]);
    expect(await balanceOf(other.id)).toBe(9000);
    const ledger = await ctx.db
      .selectFrom('gift_card_ledger')
      .select('kind')
      .where('gift_card_id', '=', other.id)
      .execute();
    expect(ledger.map((e) => e.kind)).toEqual(['issue']);
  });

  it('an expired card tells its holder so (422) and pays nothing', async () => {
    const card = await issue(3000);
    await expireGiftCard(ctx.db, card.gift_card.id);
    const guest = await newGuest(ctx);
    const res = await order(guest, { gift_card_code: card.code });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      data: null,
      error: {
        code: 'unprocessable',
        message: giftCardExpiredMessage,
        fields: { gift_card_code: giftCardExpiredMessage },
        request_id: expect.any(String),
      },
    });
    expect(await ordersOf('guest_id', [(guest.ids as { guest_id: number }).guest_id])).toEqual([]);
    expect(await balanceOf(card.gift_card.id)).toBe(3000);
    expect(await ledgerSum(ctx.db, card.gift_card.id)).toBe(3000);
  });
});

describe('concurrency through POST /api/v2/orders', () => {
  /**
   * The seeded kitchen takes 8 orders a slot: with it, capacity (409 "fully booked") and not the
   * card or the points would decide who is refused, so these tests give the slot room for all.
   */
  beforeAll(async () => {
    await ctx.db
      .updateTable('fulfilment_settings')
      .set({ max_orders_per_slot: 1000 })
      .where('restaurant_id', '=', shop.restaurantId)
      .execute();
  });

  /** Every refusal is a 4xx in the contract's error shape; answers its message. */
  function refusal(res: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    return errorEnvelopeSchema.parse(res.json()).error;
  }

  it('200 guests spend one $50 card at once: at most $50 taken, never below 0, one entry per accepted order', {
    timeout: 120_000,
  }, async () => {
    const card = await issue(5000);
    const times = await pickupTimes(ctx, shop.restaurantId);
    // Small orders, so that many share the card before it runs out.
    const product = cheapestProduct(shop.menu);
    const guests = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const guest = await newGuest(ctx);
        await addToCart(ctx, guest, shop.restaurantId, product, 1 + (i % 2));
        return guest;
      }),
    );
    // Each its own cart, details and Idempotency-Key, at times spread over the day's kitchen slots
    // (on PostgreSQL orders in one slot queue on its row; in different slots they run side by side).
    const results = await Promise.all(
      guests.map((guest, i) =>
        placeOrder(ctx, guest, {
          restaurant_id: shop.restaurantId,
          method: 'pickup',
          ...times[i % times.length],
          payment_method: 'card',
          guest_details: guestDetails(),
          gift_card_code: card.code,
        }),
      ),
    );

    const accepted: Order[] = [];
    const refused: { guestId: number; message: string }[] = [];
    results.forEach((res, i) => {
      const guestId = ((guests[i] as Caller).ids as { guest_id: number }).guest_id;
      if (res.statusCode === 201) accepted.push((res.json().data as PlacedOrder).order);
      else refused.push({ guestId, message: refusal(res).message });
    });
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length + refused.length).toBe(200);
    // Refused because the card was empty, or because another order took the balance first.
    for (const r of refused) {
      expect(r.message).toBeOneOf([
        giftCardEmptyMessage,
        'Your gift card balance changed. Please check it and try again.',
      ]);
    }

    const spent = accepted.reduce((sum, o) => sum + o.totals.gift_card, 0);
    expect(spent).toBeLessThanOrEqual(5000);
    for (const o of accepted) {
      expect(o.totals.gift_card).toBeGreaterThan(0);
      expect(o.totals.gift_card + o.totals.amount_due).toBe(o.totals.total);
    }
    const balance = await balanceOf(card.gift_card.id);
    expect(balance).toBe(5000 - spent);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(ctx.db, card.gift_card.id)).toBe(balance);
    // A refusal for an empty card means the card was spent to the cent.
    if (refused.some((r) => r.message === giftCardEmptyMessage)) expect(balance).toBe(0);

    const entries = await ctx.db
      .selectFrom('gift_card_ledger')
      .select(['kind', 'order_id', 'amount', 'balance_after'])
      .where('gift_card_id', '=', card.gift_card.id)
      .execute();
    expect(entries.every((e) => e.balance_after >= 0)).toBe(true);
    const redeems = entries.filter((e) => e.kind === 'redeem');
    expect(redeems).toHaveLength(accepted.length);
    for (const o of accepted) {
      expect(redeems.filter((e) => e.order_id === o.id)).toEqual([
        { kind: 'redeem', order_id: o.id, amount: -o.totals.gift_card, balance_after: expect.any(Number) },
      ]);
    }
    const rows = await ctx.db
      .selectFrom('orders')
      .select(['id', 'guest_id', 'gift_card_cents'])
      .where(
        'guest_id',
        'in',
        guests.map((g) => (g.ids as { guest_id: number }).guest_id),
      )
      .execute();
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(accepted.map((o) => o.id).sort((a, b) => a - b));
    for (const o of accepted) expect(rows.find((r) => r.id === o.id)?.gift_card_cents).toBe(o.totals.gift_card);
    const refusedIds = new Set(refused.map((r) => r.guestId));
    expect(rows.filter((r) => refusedIds.has(r.guest_id as number))).toEqual([]);
  });

  it('100 devices redeem the same 200 points at once: exactly two orders get 100 each, never more', {
    timeout: 120_000,
  }, async () => {
    const user = await userWithRole(ctx, 'customer');
    const userId = (user.ids as { user_id: number }).user_id;
    await earnPoints(userId, 990_003, 20_000);
    expect(await pointsOf(userId)).toBe(200);
    const times = await pickupTimes(ctx, shop.restaurantId);
    const others = [
      'Your cart is empty',
      'Your cart was just ordered in another window. Check your orders.',
      'Your points balance changed. Please try again.',
    ];
    /**
     * One customer on 100 devices, all at once: each puts a pizza in the one cart and orders it with
     * 100 points, and tries again while another device's order took the cart, until its order is
     * placed or the points are gone. Every retry follows an order placed elsewhere, so it ends.
     * Lines no order took stay in the cart, so a device may find it full: it orders what is there.
     */
    async function device(i: number) {
      for (let attempt = 0; attempt < 100; attempt++) {
        const added = await addProduct(ctx, user, shop.restaurantId, simpleProduct(shop.menu), 1);
        if (added.statusCode !== 201) expect(refusal(added).message).toBe('Your cart is full (at most 100 items)');
        const res = await placeOrder(ctx, user, {
          restaurant_id: shop.restaurantId,
          method: 'pickup',
          ...times[(i + attempt) % times.length],
          payment_method: 'cash_on_delivery',
          loyalty_points: 100,
        });
        if (res.statusCode === 201) return (res.json().data as PlacedOrder).order;
        const { message } = refusal(res);
        if (message === pointsProblemMessages.insufficient) return null;
        expect(others).toContain(message);
      }
      throw new Error(`device ${i} never finished`);
    }
    const outcomes = await Promise.all(Array.from({ length: 100 }, (_, i) => device(i)));
    const accepted = outcomes.filter((o): o is Order => o !== null);
    expect(accepted).toHaveLength(2);
    for (const o of accepted) expect(o.totals.loyalty).toBe(500);

    const account = await pointsAccount(ctx.db, userId);
    expect(account.balance).toBe(0);
    const entries = account.entries;
    expect(entries.reduce((sum, e) => sum + e.points, 0)).toBe(account.balance);
    expect(entries.every((e) => e.balance_after >= 0)).toBe(true);
    const redeems = entries.filter((e) => e.kind === 'redeem');
    expect(redeems).toHaveLength(2);
    for (const o of accepted) {
      expect(redeems.filter((e) => e.order_id === o.id).map((e) => e.points)).toEqual([-100]);
    }
    // Refused attempts left no order behind.
    const rows = await ordersOf('user_id', [userId]);
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(accepted.map((o) => o.id).sort((a, b) => a - b));
  });
});
