import { type PlacedOrder, toZoned } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.js';
import type { Db } from '../src/db/database.js';
import { secondProcess } from './support/app.js';
import { tenantId } from './support/auth.js';
import {
  addToCart,
  type Caller,
  firstTime,
  guestDetails,
  newGuest,
  placeOrder,
  type Shop,
  simpleProduct,
  startShop,
  userWithRole,
} from './support/orders.js';

// The tenant row, auto coupons and offers are cached per pricing version (decision 041), one cache
// per database handle. A second app on its own handle stands for a second API process: a change made
// through it (or by hand in the database) moves the version, and the first app's next cart read
// and order price with the change.
let shop: Shop;
let second: Awaited<ReturnType<typeof secondProcess>>;
let otherDb: Db;
let other: App;

beforeAll(async () => {
  shop = await startShop();
  second = await secondProcess(shop.ctx);
  ({ app: other, db: otherDb } = second);
});
afterAll(async () => {
  await second?.close();
  await shop?.ctx.close();
});

type Totals = { total: number; discount: number; tax: number };

const cartOf = async (app: App, caller: Caller) => {
  const query = 'guest_id' in caller.ids ? `guest_id=${caller.ids.guest_id}` : '';
  const res = await app.inject({
    method: 'GET',
    url: `/api/v2/cart?${query}&is_cash_on_delivery_opt=1`,
    headers: { authorization: `Bearer ${caller.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { totals: Totals }).totals;
};

async function orderOf(caller: Caller) {
  const { ctx, restaurantId } = shop;
  const res = await placeOrder(ctx, caller, {
    restaurant_id: restaurantId,
    method: 'pickup',
    ...(await firstTime(ctx, restaurantId, 'pickup')),
    payment_method: 'cash_on_delivery',
    guest_details: guestDetails(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as PlacedOrder).order.totals;
}

/** A guest with one product in the cart, priced by both apps (both caches hold this version). */
async function pricedByBoth(skip: number) {
  const guest = await newGuest(shop.ctx);
  await addToCart(shop.ctx, guest, shop.restaurantId, simpleProduct(shop.menu, skip), 1);
  const before = await cartOf(shop.ctx.app, guest);
  expect(await cartOf(other, guest)).toEqual(before);
  return { guest, before };
}

const ownerCall = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
  const manager = await userWithRole(shop.ctx, 'manager');
  const res = await other.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${manager.token}` },
    payload,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as { id: number };
};

describe('the pricing cache', () => {
  it('an auto coupon created, edited and switched off through another process prices the next cart and order', async () => {
    const { guest, before } = await pricedByBoth(4);
    const coupon = await ownerCall('POST', '/v2/admin/coupons', {
      tenant_id: tenantId,
      code: `AUTO${Date.now()}`,
      discount_type: 'flat',
      value: 100,
      is_auto_coupon: true,
      restaurant_ids: [shop.restaurantId],
    });
    try {
      expect((await cartOf(shop.ctx.app, guest)).discount).toBe(before.discount + 100);
      await ownerCall('PATCH', `/v2/admin/coupons/${coupon.id}`, { tenant_id: tenantId, value: 200 });
      const edited = await cartOf(shop.ctx.app, guest);
      expect(edited.discount).toBe(before.discount + 200);
      expect(edited.total).toBe(before.total - 200);
      await ownerCall('PATCH', `/v2/admin/coupons/${coupon.id}`, { tenant_id: tenantId, is_active: false });
      expect(await cartOf(shop.ctx.app, guest)).toEqual(before);
      expect((await orderOf(guest)).total).toBe(before.total);
    } finally {
      await otherDb.updateTable('coupons').set({ is_active: 0 }).where('id', '=', coupon.id).execute();
    }
  });

  it('an offer and the tenant tax rate changed in the database are used by the next cart read and order', async () => {
    const { guest, before } = await pricedByBoth(5);
    const offer = await otherDb
      .insertInto('offers')
      .values({
        tenant_id: tenantId,
        name: 'Two for one, for this test',
        offer_type: 'buy_x_get_y',
        buy_quantity: 1,
        get_quantity: 1,
        get_discount_bp: 10_000,
        is_active: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tenant = await otherDb
      .selectFrom('tenants')
      .select('tax_rate_bps')
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    try {
      // Switched off, the offer changes nothing; the tax rate's change shows in the tax line.
      await otherDb.updateTable('tenants').set({ tax_rate_bps: 0 }).where('id', '=', tenantId).execute();
      const untaxed = await cartOf(shop.ctx.app, guest);
      expect(untaxed.tax).toBe(0);
      expect(before.tax).toBeGreaterThan(0);
      // Switched on, the next read sees it (one line of quantity one is not yet two).
      await otherDb.updateTable('offers').set({ is_active: 1 }).where('id', '=', offer.id).execute();
      await addToCart(shop.ctx, guest, shop.restaurantId, simpleProduct(shop.menu, 5), 1);
      const offered = await cartOf(shop.ctx.app, guest);
      expect(offered.discount).toBeGreaterThan(before.discount);
      const order = await orderOf(guest);
      expect(order.total).toBe(offered.total);
      expect(order.tax).toBe(0);
    } finally {
      await otherDb.deleteFrom('offers').where('id', '=', offer.id).execute();
      await otherDb.updateTable('tenants').set(tenant).where('id', '=', tenantId).execute();
    }
  });
  it("a tax rate changed through another process is the one an order's tip tax is taken at (decision 053)", async () => {
    const { guest } = await pricedByBoth(6);
    const tenant = await otherDb
      .selectFrom('tenants')
      .select('tax_rate_bps')
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    const taxed = {
      methods: { pickup: true, delivery: false, dine_in: false },
      presets: [10],
      allow_custom: true,
      taxed: true,
    };
    const owner = await userWithRole(shop.ctx, 'owner');
    const saved = await other.inject({
      method: 'PUT',
      url: '/api/v2/admin/tips',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: taxed,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      // 20 % inside prices from now: $12.00 of tip carries $2.00 (it was $1.09 at 10 %).
      await otherDb.updateTable('tenants').set({ tax_rate_bps: 2000 }).where('id', '=', tenantId).execute();
      const res = await placeOrder(shop.ctx, guest, {
        restaurant_id: shop.restaurantId,
        method: 'pickup',
        ...(await firstTime(shop.ctx, shop.restaurantId, 'pickup')),
        payment_method: 'cash_on_delivery',
        guest_details: guestDetails(),
        tip: { amount: 1200 },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json().data as PlacedOrder).order.totals).toMatchObject({ tip: 1200, tip_tax: 200 });
    } finally {
      await otherDb.updateTable('tenants').set(tenant).where('id', '=', tenantId).execute();
      await otherDb.deleteFrom('tip_settings').where('tenant_id', '=', tenantId).execute();
    }
  });
});

// A cart read answers again what it priced last for the owner while the lines, the catalogue and
// pricing versions, the restaurant's local minute and the options are the same (decision 062).
describe('the priced cart kept per owner', () => {
  it("an offer's daily hours are judged at every read's own minute, never at a kept one's", async () => {
    const { guest, before } = await pricedByBoth(6);
    const { timezone } = await otherDb
      .selectFrom('restaurants')
      .select('timezone')
      .where('id', '=', shop.restaurantId)
      .executeTakeFirstOrThrow();
    // The middle of the next minute: the offer runs for that one local minute only.
    const inside = Math.ceil(Date.now() / 60_000) * 60_000 + 30_000;
    const { time } = toZoned(inside, timezone);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(inside);
    const offer = await otherDb
      .insertInto('offers')
      .values({
        tenant_id: tenantId,
        name: 'One minute off, for this test',
        offer_type: 'order_discount',
        discount_type: 'flat',
        value: 150,
        daily_from: time,
        daily_until: time,
        is_active: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const offered = await cartOf(shop.ctx.app, guest);
      expect(offered.discount).toBe(before.discount + 150);
      expect(await cartOf(shop.ctx.app, guest)).toEqual(offered);
      vi.setSystemTime(inside + 60_000);
      expect(await cartOf(shop.ctx.app, guest)).toEqual(before);
      vi.setSystemTime(inside);
      expect(await cartOf(shop.ctx.app, guest)).toEqual(offered);
    } finally {
      vi.useRealTimers();
      await otherDb.deleteFrom('offers').where('id', '=', offer.id).execute();
    }
  });

  it('a quantity changed and a line added or removed are priced at the next read', async () => {
    const { guest, before } = await pricedByBoth(7);
    const lineOf = async () => {
      const res = await shop.ctx.app.inject({
        method: 'GET',
        url: `/api/v2/cart?${Object.entries(guest.ids).map(([k, v]) => `${k}=${v}`)}`,
        headers: { authorization: `Bearer ${guest.token}` },
      });
      return (res.json().data as { items: { id: number }[] }).items;
    };
    const [line] = await lineOf();
    const update = await shop.ctx.app.inject({
      method: 'PUT',
      url: '/api/cart/update-cart',
      headers: { authorization: `Bearer ${guest.token}` },
      payload: { cart_id: line?.id, quantity: 3, ...guest.ids },
    });
    expect(update.statusCode, update.body).toBe(200);
    const tripled = await cartOf(shop.ctx.app, guest);
    expect(tripled.total).toBeGreaterThan(before.total);
    await addToCart(shop.ctx, guest, shop.restaurantId, simpleProduct(shop.menu, 7), 1);
    const more = await cartOf(shop.ctx.app, guest);
    expect(more.total).toBeGreaterThan(tripled.total);
    const removed = await shop.ctx.app.inject({
      method: 'DELETE',
      url: `/api/v2/cart/${line?.id}`,
      headers: { authorization: `Bearer ${guest.token}` },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await cartOf(shop.ctx.app, guest)).toEqual(before);
  });
});
