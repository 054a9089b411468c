import { nulCharacterMessage } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../support/app.js';
import {
  call,
  guestDetails,
  newGuest,
  newKey,
  pickupOrder,
  type Shop,
  simpleProduct,
  startShop,
  userWithRole,
} from '../support/orders.js';

// Decision 025: a NUL character in any request string is a 400 naming the field, on both dialects
// (PostgreSQL cannot store one and used to answer 500).
describe('NUL characters in requests', () => {
  let shop: Shop;
  let ctx: TestContext;
  beforeAll(async () => {
    shop = await startShop();
    ctx = shop.ctx;
  });
  afterAll(() => ctx.close());

  const nul = 'Ada\u0000Lovelace';
  const refused = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
    expect(res.json()).toEqual({
      data: null,
      error: {
        code: 'bad_request',
        message: 'Invalid request',
        fields: { [field]: nulCharacterMessage },
        request_id: expect.any(String),
      },
    });
  };

  it('refuses a guest name, an address label, a product description and a loyalty reason', async () => {
    const guest = await newGuest(ctx);
    const guestId = (guest.ids as { guest_id: number }).guest_id;
    refused(await call(ctx, 'PUT', `/v2/guests/${guestId}`, guest.token, { name: nul }), 'name');
    const guestRow = await ctx.db
      .selectFrom('guests')
      .select('name')
      .where('guest_id', '=', guestId)
      .executeTakeFirst();
    expect(guestRow?.name).toBe('');

    const customer = await userWithRole(ctx, 'customer');
    const address = { label: nul, street: '12 Crown Street', suburb: 'Surry Hills', city: 'Sydney', postcode: '2010' };
    refused(await call(ctx, 'POST', '/v2/addresses', customer.token, address), 'label');
    expect(await ctx.db.selectFrom('addresses').select('id').execute()).toEqual([]);

    const manager = await userWithRole(ctx, 'manager');
    const product = simpleProduct(shop.menu);
    refused(
      await call(ctx, 'PATCH', `/v2/admin/products/${product.id}`, manager.token, {
        restaurant_id: shop.restaurantId,
        description: `Basil${'\u0000'}`,
      }),
      'description',
    );
    const customerId = (customer.ids as { user_id: number }).user_id;
    refused(
      await call(
        ctx,
        'POST',
        `/v2/admin/loyalty/${customerId}/adjust`,
        manager.token,
        { points: 5, reason: nul },
        {
          'idempotency-key': newKey(),
        },
      ),
      'reason',
    );
    expect(await ctx.db.selectFrom('loyalty_ledger').select('id').where('note', 'like', 'Ada%').execute()).toEqual([]);
  });

  it('refuses a NUL in a nested field, a path segment and a query string', async () => {
    const guest = await newGuest(ctx);
    const product = simpleProduct(shop.menu);
    refused(
      await call(ctx, 'POST', '/v2/cart', guest.token, {
        ...guest.ids,
        restaurant_id: shop.restaurantId,
        restaurant_product_id: product.id,
        product_id: product.product_id,
        quantity: 1,
        is_half_and_half: false,
        notes: nul,
        modifiers: [],
        configurations: [],
      }),
      'notes',
    );
    const order = await pickupOrder(shop, guest, { guest_details: { ...guestDetails(), name: nul } });
    refused(order, 'guest_details.name');
    expect(await ctx.db.selectFrom('orders').select('id').execute()).toEqual([]);
    refused(await call(ctx, 'GET', '/v2/pages/ab%00out', null), 'slug');
    const staff = await userWithRole(ctx, 'staff');
    refused(await call(ctx, 'GET', '/v2/admin/loyalty?email=a%00b@example.com', staff.token), 'email');
  });

  it('still takes text with other control characters and emoji', async () => {
    const guest = await newGuest(ctx);
    const guestId = (guest.ids as { guest_id: number }).guest_id;
    const res = await call(ctx, 'PUT', `/v2/guests/${guestId}`, guest.token, { name: 'Zoë 🍕\tTable' });
    expect(res.statusCode, res.body).toBe(200);
  });
});
