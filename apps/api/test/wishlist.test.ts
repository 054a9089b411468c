import { wishlistItemSchema } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';
import { bearer, signUp, tenantId } from './support/auth.js';

let ctx: TestContext;
let ada: { token: string; user: { id: number } };
let bob: { token: string; user: { id: number } };
/** Two restaurant products of the demo tenant, and the rows behind them. */
let margherita: { id: number; product_id: number; online_price: number; price: number; restaurant_id: number };
let other: { id: number; product_id: number };

type Call = { method: 'GET' | 'POST' | 'DELETE'; url: string; token?: string; payload?: unknown };
const call = ({ method, url, token, payload }: Call) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, payload: payload as object });

const list = (token: string) => call({ method: 'GET', url: '/get-wishlist', token });
const add = (token: string | undefined, payload: unknown) =>
  call({ method: 'POST', url: '/add-to-wishlist', token, payload });
const body = (rp: { id: number; product_id: number }, userId: number) => ({
  product_id: rp.product_id,
  restaurant_product_id: rp.id,
  user_id: userId,
});

beforeAll(async () => {
  ctx = await createTestApp();
  ada = await signUp(ctx.app, ctx.db, 'ada.wishlist@example.test');
  bob = await signUp(ctx.app, ctx.db, 'bob.wishlist@example.test');
  const rows = await ctx.db
    .selectFrom('restaurant_products as rp')
    .innerJoin('products as p', 'p.id', 'rp.product_id')
    .select(['rp.id', 'rp.product_id', 'rp.online_price', 'rp.price', 'rp.restaurant_id', 'p.name'])
    .where('rp.tenant_id', '=', tenantId)
    .orderBy('rp.id')
    .execute();
  const first = rows.find((row) => row.name === 'Margherita') ?? rows[0];
  const second = rows.find((row) => row.product_id !== first?.product_id);
  if (!first || !second) throw new Error('the demo seed has no restaurant products');
  margherita = first;
  other = second;
});
afterAll(async () => ctx?.close());

describe('wishlist calls (spec §7)', () => {
  it('adds, lists with the spec §3 fields, does not duplicate, removes and empties', async () => {
    expect((await list(ada.token)).json()).toEqual({ data: [], error: null });

    const created = await add(ada.token, body(margherita, ada.user.id));
    expect(created.statusCode).toBe(201);
    const item = wishlistItemSchema.parse(created.json().data);
    const product = await ctx.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', margherita.product_id)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({
      id: expect.any(Number),
      restaurant_product_id: margherita.id,
      product_id: margherita.product_id,
      restaurant_id: margherita.restaurant_id,
      products: { name: product.name, description: product.description, price: margherita.price },
      restaurant_products: { id: margherita.id, online_price: margherita.online_price, price: margherita.price },
      attachments: [{ upload_path: product.image_path ?? '/images/menu/placeholder.svg' }],
    });

    // Adding the same product again answers the existing item and adds no row.
    const again = await add(ada.token, body(margherita, ada.user.id));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(item.id);
    await add(ada.token, body(other, ada.user.id));
    const listed = (await list(ada.token)).json();
    expect(listed.error).toBeNull();
    expect(listed.data.map((row: { restaurant_product_id: number }) => row.restaurant_product_id).sort()).toEqual(
      [margherita.id, other.id].sort(),
    );
    const rows = await ctx.db.selectFrom('wishlist_items').select('id').where('user_id', '=', ada.user.id).execute();
    expect(rows).toHaveLength(2);

    const removed = await call({ method: 'DELETE', url: `/wishlist/${item.id}`, token: ada.token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: null, error: null });
    expect((await list(ada.token)).json().data).toHaveLength(1);
    // Removing it twice: it is gone.
    expect((await call({ method: 'DELETE', url: `/wishlist/${item.id}`, token: ada.token })).statusCode).toBe(404);

    const emptied = await call({ method: 'GET', url: '/empty-wishlist', token: ada.token });
    expect(emptied.json()).toEqual({ data: null, error: null });
    expect((await list(ada.token)).json()).toEqual({ data: [], error: null });
  });

  it('answers 401 to every call without a registered user’s token, guests included', async () => {
    const guest = await ctx.app.inject({ method: 'POST', url: '/api/v2/auth/guest', payload: { tenant_id: tenantId } });
    const guestToken = guest.json().data.guest_token as string;
    const calls: Call[] = [
      { method: 'GET', url: '/get-wishlist' },
      { method: 'POST', url: '/add-to-wishlist', payload: body(margherita, ada.user.id) },
      { method: 'DELETE', url: '/wishlist/1' },
      { method: 'GET', url: '/empty-wishlist' },
    ];
    for (const token of [undefined, guestToken, 'x'.repeat(43)]) {
      for (const c of calls) {
        const res = await call({ ...c, token });
        expect(res.statusCode, `${c.method} ${c.url}`).toBe(401);
        expect(res.json()).toEqual({
          data: null,
          error: { code: 'unauthorized', message: 'Please log in', request_id: expect.any(String) },
        });
      }
    }
    // A logged-out token is refused too.
    const carol = await signUp(ctx.app, ctx.db, 'carol.wishlist@example.test');
    await ctx.app.inject({ method: 'POST', url: '/api/v2/auth/logout', headers: bearer(carol.token) });
    expect((await list(carol.token)).statusCode).toBe(401);
    expect(await ctx.db.selectFrom('wishlist_items').select('id').execute()).toHaveLength(0);
  });

  it('answers 403 when user_id is not the token’s user, and adds nothing', async () => {
    const res = await add(ada.token, body(margherita, bob.user.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect((await list(bob.token)).json().data).toEqual([]);
    expect((await list(ada.token)).json().data).toEqual([]);
  });

  it('keeps each user’s items their own: another user’s item id is 404 and stays', async () => {
    const bobs = (await add(bob.token, body(margherita, bob.user.id))).json().data;
    const res = await call({ method: 'DELETE', url: `/wishlist/${bobs.id}`, token: ada.token });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    // Ada's empty-wishlist clears only hers.
    await add(ada.token, body(other, ada.user.id));
    await call({ method: 'GET', url: '/empty-wishlist', token: ada.token });
    expect((await list(bob.token)).json().data.map((row: { id: number }) => row.id)).toEqual([bobs.id]);
    expect((await list(ada.token)).json().data).toEqual([]);
  });

  it('refuses unknown or other tenants’ products (404) and inconsistent or bad bodies (400)', async () => {
    await ctx.db
      .insertInto('tenants')
      .values({
        id: 241,
        name: 'Other Pizza',
        short_name: 'Other',
        slug: 'other-wishlist',
        host: 'other-wishlist.example',
        currency: 'AUD',
        locale: 'en-AU',
        timezone: 'Australia/Sydney',
        tax_mode: 'inclusive',
        tax_rate_bps: 1000,
      })
      .execute();
    const { id: restaurantId } = await ctx.db
      .insertInto('restaurants')
      .values({
        tenant_id: 241,
        name: 'Other Central',
        slug: 'central',
        status: 1,
        street_name: '1 George St',
        suburb: 'Sydney',
        city: 'Sydney',
        state: 'NSW',
        postcode: '2000',
        country: 'AU',
        phone: '0',
        email: 'o@other.example',
        latitude: 0,
        longitude: 0,
        timezone: 'Australia/Sydney',
        image_path: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: categoryId } = await ctx.db
      .insertInto('categories')
      .values({ tenant_id: 241, name: 'Pizza', slug: 'pizza', image_path: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: productId } = await ctx.db
      .insertInto('products')
      .values({ tenant_id: 241, category_id: categoryId, name: 'Foreign', image_path: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: foreignId } = await ctx.db
      .insertInto('restaurant_products')
      .values({
        tenant_id: 241,
        restaurant_id: restaurantId,
        product_id: productId,
        price: 1000,
        online_price: 1000,
        stock_count: null,
        unit: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const notFound = [
      { product_id: productId, restaurant_product_id: foreignId, user_id: ada.user.id },
      { product_id: margherita.product_id, restaurant_product_id: foreignId, user_id: ada.user.id },
      { product_id: productId, restaurant_product_id: margherita.id, user_id: ada.user.id },
      { product_id: margherita.product_id, restaurant_product_id: 999_999, user_id: ada.user.id },
    ];
    for (const payload of notFound) {
      const res = await add(ada.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }

    const mismatched = await add(ada.token, { ...body(margherita, ada.user.id), product_id: other.product_id });
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json().error.code).toBe('bad_request');

    const bad: unknown[] = [
      {},
      { product_id: margherita.product_id, restaurant_product_id: margherita.id },
      { ...body(margherita, ada.user.id), extra: 1 },
      { ...body(margherita, ada.user.id), product_id: '1' },
      { ...body(margherita, ada.user.id), restaurant_product_id: -1 },
      { ...body(margherita, ada.user.id), product_id: 1.5 },
    ];
    for (const payload of bad) {
      const res = await add(ada.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().data).toBeNull();
    }
    for (const id of ['abc', '0', '-3', '1.5']) {
      expect((await call({ method: 'DELETE', url: `/wishlist/${id}`, token: ada.token })).statusCode).toBe(400);
    }
    expect((await list(ada.token)).json().data).toEqual([]);
  });
});
