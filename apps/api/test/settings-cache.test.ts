import type { FulfilmentTimes } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { secondProcess } from './support/app.js';
import { tenantId } from './support/auth.js';
import {
  addProduct,
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

// A cart add and an order read the restaurant's settings and ordering controls in one query, and
// keep each stored theme's parse by its text (decision 050): every request still reads the rows, so
// a change made through a second API process (a second app on its own database handle) is used by
// the first app's very next cart add, fulfilment times and order.
let shop: Shop;
let second: Awaited<ReturnType<typeof secondProcess>>;
let other: App;

beforeAll(async () => {
  shop = await startShop();
  second = await secondProcess(shop.ctx);
  other = second.app;
  // The restaurant follows the storefront's ASAP setting (its own switch unset).
  await shop.ctx.db
    .updateTable('fulfilment_settings')
    .set({ asap_enabled: null })
    .where('restaurant_id', '=', shop.restaurantId)
    .execute();
});
afterAll(async () => {
  await second?.close();
  await shop?.ctx.close();
});

async function elsewhere(method: 'PATCH', url: string, role: 'manager' | 'owner', payload: object) {
  const caller = await userWithRole(shop.ctx, role);
  const res = await other.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${caller.token}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const ordering = (changes: Record<string, boolean>) =>
  elsewhere('PATCH', '/v2/admin/ordering', 'manager', { restaurant_id: shop.restaurantId, ...changes });

const asap = (on: boolean) =>
  elsewhere('PATCH', '/v2/restaurants/app-settings', 'owner', {
    tenant_id: tenantId,
    restaurant_id: shop.restaurantId,
    web_config: { general: { isAsapOptionEnabled: on } },
  });

const product = () => simpleProduct(shop.menu, 2);

const addOne = (caller: Caller) => addProduct(shop.ctx, caller, shop.restaurantId, product());

const order = async (caller: Caller, time?: { pickup_date: string; pickup_time: string }) =>
  placeOrder(shop.ctx, caller, {
    restaurant_id: shop.restaurantId,
    method: 'pickup',
    ...(time ?? (await firstTime(shop.ctx, shop.restaurantId, 'pickup', { scheduled: true }))),
    payment_method: 'cash_on_delivery',
    guest_details: guestDetails(),
  });

async function firstTimes() {
  const url = `/api/v2/restaurants/${shop.restaurantId}/fulfilment-times?method=pickup`;
  const res = await shop.ctx.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as FulfilmentTimes).times.map((t) => t.value);
}

describe('settings read by the cart and the order', () => {
  it('online ordering and pickup switched off elsewhere are refused by the next cart add and order', async () => {
    const guest = await newGuest(shop.ctx);
    await addToCart(shop.ctx, guest, shop.restaurantId, product());
    try {
      await ordering({ is_online_order_enabled: false });
      expect((await addOne(guest)).statusCode).toBe(422);
      expect((await order(guest)).statusCode).toBe(422);
      await ordering({ is_online_order_enabled: true, pickup_enabled: false });
      expect((await addOne(guest)).statusCode).toBe(201);
      const refused = await order(guest);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toBe('Pickup orders are not available at the moment.');
      await ordering({ pickup_enabled: true });
      expect((await order(guest)).statusCode).toBe(201);
    } finally {
      await ordering({ is_online_order_enabled: true, pickup_enabled: true });
    }
  });

  it("a theme's ASAP option changed elsewhere is used by the next fulfilment times and order", async () => {
    try {
      await asap(false);
      expect(await firstTimes()).not.toContain('asap');
      await asap(true);
      expect((await firstTimes())[0]).toBe('asap');
      const guest = await newGuest(shop.ctx);
      await addToCart(shop.ctx, guest, shop.restaurantId, product());
      const placed = await order(guest, await firstTime(shop.ctx, shop.restaurantId, 'pickup'));
      expect(placed.statusCode, placed.body).toBe(201);
      await asap(false);
      expect(await firstTimes()).not.toContain('asap');
      const later = await newGuest(shop.ctx);
      await addToCart(shop.ctx, later, shop.restaurantId, product());
      const refused = await order(later, { pickup_date: placed.json().data.order.pickup_date, pickup_time: 'asap' });
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toContain('ASAP is not available');
    } finally {
      await asap(false);
    }
  });
});
