import { gunzipSync } from 'node:zlib';
import type { PlacedOrder } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import type { Db } from '../src/db/database.js';
import { catalogueService } from '../src/modules/catalogue/service.js';
import { secondProcess } from './support/app.js';
import { tenantId } from './support/auth.js';
import {
  addToCart,
  type Caller,
  call,
  firstTime,
  guestDetails,
  newGuest,
  placeOrder,
  type Shop,
  simpleProduct,
  startShop,
  userWithRole,
} from './support/orders.js';

// The catalogue is cached per version (decision 034): one cache per app, shared by the menu calls,
// the cart and the order's transaction. A second app on the same database stands for a second
// API process: each has its own cache, and the version in the database moves both on.
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

const cartOf = async (app: App, caller: Caller) => {
  const query = 'guest_id' in caller.ids ? `guest_id=${caller.ids.guest_id}` : '';
  const res = await app.inject({
    method: 'GET',
    url: `/api/v2/cart?${query}&is_cash_on_delivery_opt=1`,
    headers: { authorization: `Bearer ${caller.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { total: number; items: { unit_price: number }[] };
};

describe('the catalogue cache', () => {
  it('a price edited through one process is used by the next cart read and the next order of another', async () => {
    const { ctx, restaurantId, menu } = shop;
    const product = simpleProduct(menu, 2);
    const guest = await newGuest(ctx);
    await addToCart(ctx, guest, restaurantId, product, 2);
    // Both processes have priced the cart (and cached this version's catalogue).
    const before = await cartOf(ctx.app, guest);
    expect((await cartOf(other, guest)).total).toBe(before.total);
    const menuBefore = await ctx.app.inject({ method: 'GET', url: `/api/v2/restaurants/${restaurantId}/menu` });

    const manager = await userWithRole(ctx, 'manager');
    const edit = await other.inject({
      method: 'PATCH',
      url: `/api/v2/admin/products/${product.id}`,
      headers: { authorization: `Bearer ${manager.token}` },
      payload: { restaurant_id: restaurantId, online_price: product.online_price + 250 },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const after = await cartOf(ctx.app, guest);
    expect(after.items[0]?.unit_price).toBe(product.unit_price + 250);
    expect(after.total).toBe(before.total + 500);
    const menuAfter = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/restaurants/${restaurantId}/menu`,
      headers: { 'if-none-match': menuBefore.headers.etag as string },
    });
    expect(menuAfter.statusCode).toBe(200);
    expect(menuAfter.headers.etag).not.toBe(menuBefore.headers.etag);

    const res = await placeOrder(ctx, guest, {
      restaurant_id: restaurantId,
      method: 'pickup',
      ...(await firstTime(ctx, restaurantId, 'pickup')),
      payment_method: 'cash_on_delivery',
      guest_details: guestDetails(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json().data as PlacedOrder;
    expect(order.totals.total).toBe(after.total);
    expect(order.lines[0]?.unit_price).toBe(product.unit_price + 250);
  });

  it('an item switched off by another process is refused by the next add to cart, and the order', async () => {
    const { ctx, restaurantId, menu } = shop;
    const product = simpleProduct(menu, 3);
    const guest = await newGuest(ctx);
    await addToCart(ctx, guest, restaurantId, product, 1);
    await catalogueService(otherDb).setRestaurantProductAvailability(tenantId, product.id, false);
    try {
      const add = await call(ctx, 'POST', '/v2/cart', guest.token, {
        restaurant_id: restaurantId,
        restaurant_product_id: product.id,
        product_id: product.product_id,
        quantity: 1,
        is_half_and_half: false,
        notes: '',
        modifiers: [],
        configurations: [],
        ...guest.ids,
      });
      expect(add.statusCode).toBe(422);
      const res = await placeOrder(ctx, guest, {
        restaurant_id: restaurantId,
        method: 'pickup',
        ...(await firstTime(ctx, restaurantId, 'pickup')),
        payment_method: 'cash_on_delivery',
        guest_details: guestDetails(),
      });
      expect(res.statusCode).toBe(422);
    } finally {
      await catalogueService(otherDb).setRestaurantProductAvailability(tenantId, product.id, true);
    }
  });

  it('a menu answered at once from its cache shows the next version: an edit by another process, a timed mark run out', async () => {
    const { ctx, restaurantId, menu } = shop;
    const product = simpleProduct(menu, 4);
    const read = async () => {
      const res = await ctx.app.inject({
        url: `/api/v2/restaurants/${restaurantId}/menu`,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = JSON.parse(gunzipSync(res.rawPayload).toString()).data as typeof menu;
      return { etag: res.headers.etag, on: data.products.find((p) => p.id === product.id)?.is_available };
    };
    const first = await read();
    expect(await read()).toEqual(first);
    const until = new Date(Date.now() + 3_600_000).toISOString();
    await catalogueService(otherDb).setRestaurantProductAvailability(tenantId, product.id, false, until);
    const off = await read();
    expect(off.on).toBe(false);
    expect(off.etag).not.toBe(first.etag);
    expect(await read()).toEqual(off);

    // The mark's time passes (moved into the past, as the clock would): no write, the next read moves on.
    const past = new Date(Date.now() - 1000).toISOString();
    await otherDb
      .updateTable('restaurant_products')
      .set({ available_again_at: past })
      .where('id', '=', product.id)
      .execute();
    await otherDb
      .updateTable('catalogue_versions')
      .set({ next_change_at: past })
      .where('restaurant_id', '=', restaurantId)
      .execute();
    const back = await read();
    expect(back.on).toBe(true);
    expect(back.etag).not.toBe(off.etag);
  });

  it('is one cache per database: every service over it and its transactions share the frozen answers', async () => {
    const { ctx, restaurantId } = shop;
    const first = await catalogueService(ctx.db).parsed(tenantId, restaurantId, 'online');
    const again = await catalogueService(ctx.db).parsed(tenantId, restaurantId, 'online');
    expect(again.menu).toBe(first.menu);
    expect((await ctx.app.catalogue.parsed(tenantId, restaurantId, 'online')).menu).toBe(first.menu);
    const inTransaction = await ctx.db
      .transaction()
      .execute((trx) => catalogueService(ctx.db).within(trx).parsed(tenantId, restaurantId, 'online'));
    expect(inTransaction.menu).toBe(first.menu);
    // Shared by every request, so nobody may change it.
    expect(Object.isFrozen(first.menu.products[0]?.modifier_groups)).toBe(true);
    expect(() => {
      (first.menu.products[0] as { unit_price: number }).unit_price = 1;
    }).toThrow(TypeError);
    // Another database (another process) has a cache of its own.
    const elsewhere = await catalogueService(otherDb).parsed(tenantId, restaurantId, 'online');
    expect(elsewhere.menu).not.toBe(first.menu);
    expect(elsewhere.menu).toEqual(first.menu);
  });
});
