import type { PlacedOrder } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as loyalty from '../../src/modules/loyalty/ledger.js';
import type { TestContext } from '../support/app.js';
import { tenantId } from '../support/auth.js';
import { pointsAccount } from '../support/gift-cards.js';
import {
  addToCart,
  type Caller,
  call,
  firstTime,
  guestDetails,
  newGuest,
  newKey,
  pickupOrder,
  placeOrder,
  type Shop,
  simpleProduct,
  startShop,
  userWithRole,
} from '../support/orders.js';

// Decision 025: many copies of one request at once do the work once, on both dialects.
let shop: Shop;
let ctx: TestContext;
beforeAll(async () => {
  shop = await startShop();
  ctx = shop.ctx;
});
afterAll(() => ctx.close());

const statusesOf = (answers: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
};

describe('parallel cancels of an order that redeemed points', () => {
  it('one cancel does the work and gives the points back once; the other nineteen answer 409', async () => {
    const user = await userWithRole(ctx, 'customer');
    const userId = (user.ids as { user_id: number }).user_id;
    await ctx.db
      .transaction()
      .execute((trx) => loyalty.earn(trx, { tenantId, userId, orderId: 990_002, spentCents: 30_000, now: new Date() }));
    const placed = (await pickupOrder(shop, user, { loyalty_points: 100 })).json().data as PlacedOrder;
    expect((await pointsAccount(ctx.db, userId)).balance).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(ctx, 'POST', `/v2/orders/${placed.order.id}/cancel`, user.token)),
    );
    expect(statusesOf(answers)).toEqual({ 200: 1, 409: 19 });
    expect(answers.find((res) => res.statusCode === 200)?.json().data).toMatchObject({ status: 'cancelled' });
    for (const res of answers.filter((r) => r.statusCode === 409)) expect(res.json().error.code).toBe('conflict');

    const account = await pointsAccount(ctx.db, userId);
    expect(account.balance).toBe(300);
    expect(account.entries.filter((e) => e.kind === 'release')).toHaveLength(1);
    expect(account.entries.reduce((sum, e) => sum + e.points, 0)).toBe(account.balance);
    const history = await ctx.db
      .selectFrom('order_status_history')
      .select('status')
      .where('order_id', '=', placed.order.id)
      .where('status', '=', 'cancelled')
      .execute();
    expect(history).toHaveLength(1);
  });
});

describe('a coupon with a usage limit of 10 under 150 parallel checkouts', () => {
  it('exactly ten orders get it; the rest are refused with the reason, none with a 5xx', async () => {
    const manager = await userWithRole(ctx, 'manager');
    const created = await call(ctx, 'POST', '/v2/admin/coupons', manager.token, {
      tenant_id: tenantId,
      code: 'RACE10',
      discount_type: 'flat',
      value: 100,
      usage_limit: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    // A kitchen that takes every order, so only the coupon's limit can refuse one.
    await ctx.db
      .updateTable('fulfilment_settings')
      .set({ max_orders_per_slot: 1000 })
      .where('restaurant_id', '=', shop.restaurantId)
      .execute();
    const product = simpleProduct(shop.menu);
    const guests: Caller[] = [];
    for (let batch = 0; batch < 15; batch++) {
      const made = await Promise.all(Array.from({ length: 10 }, () => newGuest(ctx)));
      await Promise.all(made.map((guest) => addToCart(ctx, guest, shop.restaurantId, product, 2)));
      guests.push(...made);
    }
    const time = await firstTime(ctx, shop.restaurantId, 'pickup');
    const answers = await Promise.all(
      guests.map((guest) =>
        placeOrder(ctx, guest, {
          restaurant_id: shop.restaurantId,
          method: 'pickup',
          ...time,
          payment_method: 'card',
          guest_details: guestDetails(),
          coupon_code: 'RACE10',
        }),
      ),
    );
    const statuses = statusesOf(answers);
    expect(statuses[201]).toBe(10);
    expect(answers.filter((res) => res.statusCode >= 500)).toEqual([]);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.json().error.message).toMatch(/coupon/i);
    }
    const withCoupon = await ctx.db
      .selectFrom('orders')
      .select('id')
      .where('coupon_code', '=', 'RACE10')
      .where('tenant_id', '=', tenantId)
      .execute();
    expect(withCoupon).toHaveLength(10);
    // 150 whole checkouts: about 10 s on SQLite, 30 to 40 s on PostgreSQL on a loaded 2-core machine.
  }, 120_000);
});

describe('one Idempotency-Key sent fifty times at once', () => {
  it('places one order and answers every copy the same', async () => {
    const guest = await newGuest(ctx);
    await addToCart(ctx, guest, shop.restaurantId, simpleProduct(shop.menu), 2);
    const body = {
      restaurant_id: shop.restaurantId,
      method: 'pickup',
      ...(await firstTime(ctx, shop.restaurantId, 'pickup')),
      payment_method: 'card',
      guest_details: guestDetails(),
    };
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => placeOrder(ctx, guest, body, key)));
    // The first answer is 201 Created, each replay 200 with the very same body (decision 014).
    expect(statusesOf(answers)).toEqual({ 200: 49, 201: 1 });
    const bodies = new Set(answers.map((res) => res.body));
    expect(bodies.size).toBe(1);
    const placed = JSON.parse([...bodies][0] as string).data as PlacedOrder;
    const orderId = placed.order.id;
    const orders = await ctx.db
      .selectFrom('orders')
      .select('id')
      .where('customer_email', '=', body.guest_details.email)
      .execute();
    expect(orders).toEqual([{ id: orderId }]);
  });
});
