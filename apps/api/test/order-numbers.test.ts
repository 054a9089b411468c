import type { PlacedOrder } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/modules/auth/crypto.js';
import { signLink } from '../src/modules/orders/access.js';
import { tenantId } from './support/auth.js';
import {
  addToCart,
  firstTime,
  guestDetails,
  newGuest,
  placeOrder,
  type Shop,
  simpleProduct,
  startShop,
} from './support/orders.js';

// The number is taken last, on PostgreSQL in one statement with the settlement; the link's hash is
// made beforehand from the secret the process knows, or made again when the counter answers
// another (a tenant's first orders at once) (decision 063).
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => shop?.ctx.close());

describe('order numbers taken last', () => {
  it("a tenant's first orders, placed at once, take consecutive numbers and hashes of the committed secret", async () => {
    const { ctx, restaurantId, menu } = shop;
    const known = await ctx.db
      .selectFrom('order_counters')
      .select('tenant_id')
      .where('tenant_id', '=', tenantId)
      .execute();
    expect(known).toHaveLength(0);
    const when = await firstTime(ctx, restaurantId, 'pickup');
    const guests = await Promise.all(Array.from({ length: 8 }, () => newGuest(ctx)));
    for (const guest of guests) await addToCart(ctx, guest, restaurantId, simpleProduct(menu), 1);
    const placed = await Promise.all(
      guests.map((guest) =>
        placeOrder(ctx, guest, {
          restaurant_id: restaurantId,
          method: 'pickup',
          ...when,
          payment_method: 'cash_on_delivery',
          guest_details: guestDetails(),
        }),
      ),
    );
    for (const res of placed) expect(res.statusCode, res.body).toBe(201);
    const numbers = placed.map((res) => Number((res.json().data as PlacedOrder).order.order_number)).sort();
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => 1001 + i));
    const { link_secret } = await ctx.db
      .selectFrom('order_counters')
      .select('link_secret')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    const rows = await ctx.db
      .selectFrom('orders')
      .select(['id', 'tenant_id', 'order_number', 'access_token_hash'])
      .where('tenant_id', '=', tenantId)
      .execute();
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row.access_token_hash).toBe(sha256(signLink(link_secret, row)));
  });
});
