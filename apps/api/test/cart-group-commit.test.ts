import type { Menu, MenuProduct } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { precompiled } from '../src/db/precompiled.js';
import { addIfOpen, type NewCartLine } from '../src/modules/cart/add-repository.js';
import { createTestApp, type TestContext } from './support/app.js';
import { bearer, tenantId } from './support/auth.js';

// Cart adds asked for in one turn are committed together on SQLite (decision 066); every rule of
// an add still holds for each, as SQLite's one writer runs each conditional insert after the last.
// On PostgreSQL one cart's adds wait for each other on a lock their insert takes (decisions 069,
// 070): the same rules hold.
let ctx: TestContext;
const ids: Record<string, number> = {};
let menu: Menu;
let parraMenu: Menu;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const r of await ctx.db.selectFrom('restaurants').select(['id', 'slug']).execute()) ids[r.slug] = r.id;
  const read = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).json().data;
  menu = await read(`/api/v2/restaurants/${ids['surry-hills']}/menu`);
  parraMenu = await read(`/api/v2/restaurants/${ids.parramatta}/menu`);
});
afterAll(async () => ctx?.close());

// Each from an address of its own: guest identities are rate limited per address.
let guests = 0;
async function newGuest() {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/auth/guest',
    payload: { tenant_id: tenantId },
    remoteAddress: `10.74.${Math.floor(guests / 200)}.${guests++ % 200}`,
  });
  const { guest_token, guest } = res.json().data;
  return { token: guest_token as string, id: guest.guest_id as number };
}

const simple = (m: Menu) =>
  m.products.find(
    (p) => p.is_available && !p.is_half_and_half && p.modifier_groups.every((g) => g.min_select === 0),
  ) as MenuProduct;

const productBody = (restaurantId: number, p: MenuProduct) => ({
  restaurant_id: restaurantId,
  restaurant_product_id: p.id,
  product_id: p.product_id,
  quantity: 1,
  is_half_and_half: false,
  notes: '',
  modifiers: [],
  configurations: p.attributes.map((a) => {
    const v = a.values.find((x) => x.is_default) ?? a.values[0];
    return { attribute_id: a.id, attribute_value_id: v?.id, price_adjustment: 0 };
  }),
});

const add = (token: string, body: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/v2/cart', headers: bearer(token), payload: body });
const lineCount = async (guestId: number) =>
  (await ctx.db.selectFrom('cart_items').select('id').where('guest_id', '=', guestId).execute()).length;

describe('cart adds at once', () => {
  it('each guest gets its own lines, and only its own', async () => {
    const surry = productBody(ids['surry-hills'] as number, simple(menu));
    const guests = await Promise.all(Array.from({ length: 8 }, newGuest));
    const answers = await Promise.all(guests.flatMap((g) => [add(g.token, surry), add(g.token, surry)]));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    for (const g of guests) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/cart', headers: bearer(g.token) });
      expect(res.json().data.items).toHaveLength(2);
      expect(await lineCount(g.id)).toBe(2);
    }
  });

  /** A guest whose cart holds `lines` lines of Surry Hills' simple product. */
  async function guestWith(lines: number) {
    const g = await newGuest();
    const body = productBody(ids['surry-hills'] as number, simple(menu));
    expect((await add(g.token, body)).statusCode).toBe(201);
    const row = await ctx.db
      .selectFrom('cart_items')
      .selectAll()
      .where('guest_id', '=', g.id)
      .executeTakeFirstOrThrow();
    const { id: _id, created_at: _c, updated_at: _u, ...copy } = row;
    for (let i = 1; i < lines; i++) await ctx.db.insertInto('cart_items').values(copy).execute();
    return { ...g, body };
  }

  async function expectFull(answers: { statusCode: number; json: () => { error: { message: string } } }[]) {
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 400, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400)) {
      expect(a.json().error.message).toBe('Your cart is full (at most 100 items)');
    }
  }

  it('the 100-line limit holds when adds arrive together', async () => {
    const g = await guestWith(97);
    await expectFull(await Promise.all(Array.from({ length: 6 }, () => add(g.token, g.body))));
    expect(await lineCount(g.id)).toBe(100);
  });

  it('the 100-line limit holds for adds checked in full at once', async () => {
    const g = await guestWith(97);
    // A pause row that has run out sends every add to the full check (it knows whether a pause ran
    // out); that path's insert must hold the limit on its own.
    await ctx.db
      .insertInto('ordering_controls')
      .values({ tenant_id: tenantId, restaurant_id: ids['surry-hills'] as number, paused_until: null })
      .execute()
      .catch(() => undefined);
    await ctx.db
      .updateTable('ordering_controls')
      .set({ paused_until: '2000-01-01T00:00:00.000Z' })
      .where('tenant_id', '=', tenantId)
      .where('restaurant_id', '=', ids['surry-hills'] as number)
      .execute();
    try {
      await expectFull(await Promise.all(Array.from({ length: 6 }, () => add(g.token, g.body))));
      expect(await lineCount(g.id)).toBe(100);
    } finally {
      await ctx.db
        .updateTable('ordering_controls')
        .set({ paused_until: null })
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', ids['surry-hills'] as number)
        .execute();
    }
  });

  it('one restaurant per cart holds when adds of two restaurants arrive together', async () => {
    const surry = productBody(ids['surry-hills'] as number, simple(menu));
    const parra = productBody(ids.parramatta as number, simple(parraMenu));
    // Both restaurants checked in full once, so both adds take the one-statement path.
    for (const body of [surry, parra]) expect((await add((await newGuest()).token, body)).statusCode).toBe(201);
    for (let round = 0; round < 5; round++) {
      const g = await newGuest();
      const answers = await Promise.all([add(g.token, surry), add(g.token, parra)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const restaurants = await ctx.db
        .selectFrom('cart_items')
        .select('restaurant_id')
        .where('guest_id', '=', g.id)
        .execute();
      expect(restaurants).toHaveLength(1);
    }
  });
});

// On PostgreSQL the one-statement adds of many carts asked for at once go in one statement
// (decision 074); on SQLite in one commit (decision 066). Either way each is answered for its own.
describe('adds of many carts at once', () => {
  it('each add is answered with its own line', async () => {
    const surry = productBody(ids['surry-hills'] as number, simple(menu));
    expect((await add((await newGuest()).token, surry)).statusCode).toBe(201);
    const guests = await Promise.all(Array.from({ length: 12 }, newGuest));
    // Two of them add twice: their second add waits for a statement of its own.
    const adders = [...guests, guests[3], guests[7]] as typeof guests;
    const answers = await Promise.all(adders.map((g, i) => add(g.token, { ...surry, quantity: 1 + (i % 5) })));
    expect(answers.map((a) => a.statusCode)).toEqual(adders.map(() => 201));
    for (const [i, answer] of answers.entries()) {
      const { id, quantity } = answer.json().data;
      const line = await ctx.db
        .selectFrom('cart_items')
        .select(['guest_id', 'quantity'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(line).toEqual({ guest_id: adders[i]?.id, quantity: 1 + (i % 5) });
      expect(quantity).toBe(1 + (i % 5));
    }
    expect(await lineCount((guests[3] as { id: number }).id)).toBe(2);
  });

  it('an add that breaks a constraint fails alone; the adds with it are kept', async () => {
    const restaurant = ids['surry-hills'] as number;
    const [version, place] = await Promise.all([
      ctx.db
        .selectFrom('catalogue_versions')
        .select('version')
        .where('restaurant_id', '=', restaurant)
        .executeTakeFirstOrThrow(),
      ctx.db.selectFrom('restaurants').select('timezone').where('id', '=', restaurant).executeTakeFirstOrThrow(),
    ]);
    const seen = { version: version.version, timezone: place.timezone, maxLines: 100 };
    const line = (quantity: number): NewCartLine => ({
      tenant_id: tenantId,
      user_id: null,
      guest_id: null,
      restaurant_id: restaurant,
      kind: 'product',
      restaurant_product_id: null,
      product_id: null,
      deal_id: null,
      combo_product_id: null,
      quantity,
      is_half_and_half: 0,
      notes: '',
      selection: '{}',
    });
    const owners = [900_011, 900_012, 900_013];
    const written = await Promise.allSettled(
      owners.map((guest, i) => addIfOpen(ctx.db, { tenantId, guest_id: guest }, line(i === 1 ? 0 : i + 1), seen)),
    );
    expect(written.map((w) => w.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const kept = await ctx.db
      .selectFrom('cart_items')
      .select(['id', 'guest_id', 'quantity'])
      .where('guest_id', 'in', owners)
      .orderBy('guest_id')
      .execute();
    expect(kept).toEqual([
      { id: (written[0] as PromiseFulfilledResult<number>).value, guest_id: 900_011, quantity: 1 },
      { id: (written[2] as PromiseFulfilledResult<number>).value, guest_id: 900_013, quantity: 3 },
    ]);
  });
});

/** A cart line written as the conditional add writes it (no condition: the test's own). */
const insertLine = precompiled((db: Db, tenant: number, guestId: number, restaurant: number, quantity: number) =>
  db
    .insertInto('cart_items')
    .values({
      tenant_id: tenant,
      guest_id: guestId,
      restaurant_id: restaurant,
      kind: 'product',
      quantity,
      selection: '{}',
    })
    .returning('id'),
);

describe('writes committed together', () => {
  it('a write that breaks a constraint fails alone; the others are kept', async () => {
    const restaurant = ids['surry-hills'] as number;
    const written = await Promise.allSettled([
      insertLine.together(ctx.db, tenantId, 900_001, restaurant, 1),
      insertLine.together(ctx.db, tenantId, 900_002, restaurant, 0), // quantity 1..99
      insertLine.together(ctx.db, tenantId, 900_003, restaurant, 2),
    ]);
    expect(written.map((w) => w.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const kept = await ctx.db
      .selectFrom('cart_items')
      .select(['guest_id', 'quantity'])
      .where('guest_id', 'in', [900_001, 900_002, 900_003])
      .orderBy('guest_id')
      .execute();
    expect(kept).toEqual([
      { guest_id: 900_001, quantity: 1 },
      { guest_id: 900_003, quantity: 2 },
    ]);
  });

  it('a write asked for while a transaction is open waits for it and is never part of it', async () => {
    const restaurant = ids['surry-hills'] as number;
    let write: Promise<unknown> | undefined;
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('cart_items').where('guest_id', '=', 900_004).execute();
        write = insertLine.together(ctx.db, tenantId, 900_004, restaurant, 3);
        // Let the write run, if it could, while the transaction is open.
        await new Promise((resolve) => setImmediate(resolve));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await write;
    const kept = await ctx.db.selectFrom('cart_items').select('quantity').where('guest_id', '=', 900_004).execute();
    expect(kept).toEqual([{ quantity: 3 }]);
  });
});
