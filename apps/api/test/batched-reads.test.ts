import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batched } from '../src/db/batch.js';
import { bearer } from './support/auth.js';
import { testDialect } from './support/database.js';
import { addToCart, type Caller, newGuest, type Shop, simpleProduct, startShop } from './support/orders.js';

/** A load whose statements the test answers by hand: each call's keys, and how to answer it. */
function manualLoad() {
  const statements: { keys: string[]; answer: () => void; fail: (error: Error) => void }[] = [];
  const load = (keys: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      statements.push({ keys, answer: () => resolve(keys.map((k) => `row of ${k}`)), fail: reject });
    });
  return { statements, load };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

// Decision 068: on PostgreSQL the hot reads of requests waiting together go in one statement.
describe('batched reads', () => {
  it('never answers a call with a statement sent before it, and reads equal keys once', async () => {
    const { statements, load } = manualLoad();
    const read = batched((k: string) => k, load);
    const first = read('a');
    await turn();
    expect(statements.map((s) => s.keys)).toEqual([['a']]);
    // Made while the first statement is on its way: they wait for the next one.
    const again = read('a');
    const other = read('b');
    const twice = read('b');
    await turn();
    expect(statements).toHaveLength(1);
    statements[0]?.answer();
    expect(await first).toBe('row of a');
    await turn();
    expect(statements.map((s) => s.keys)).toEqual([['a'], ['a', 'b']]);
    statements[1]?.answer();
    expect(await Promise.all([again, other, twice])).toEqual(['row of a', 'row of b', 'row of b']);
  });

  it('a failed statement fails its own calls only; the next batch is still sent', async () => {
    const { statements, load } = manualLoad();
    const read = batched((k: string) => k, load);
    const failing = read('a');
    await turn();
    const later = read('b');
    statements[0]?.fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await turn();
    statements[1]?.answer();
    expect(await later).toBe('row of b');
  });

  it('sends at most `max` keys a statement, the rest in the next', async () => {
    const { statements, load } = manualLoad();
    const read = batched((k: string) => k, load, 2);
    const calls = ['a', 'b', 'c'].map(read);
    await turn();
    expect(statements.map((s) => s.keys)).toEqual([['a', 'b']]);
    statements[0]?.answer();
    await turn();
    expect(statements.map((s) => s.keys)).toEqual([['a', 'b'], ['c']]);
    statements[1]?.answer();
    expect(await Promise.all(calls)).toEqual(['row of a', 'row of b', 'row of c']);
  });
});

describe(`requests at once on ${testDialect}: each answered with its own rows`, () => {
  let shop: Shop;
  const guests: Caller[] = [];
  beforeAll(async () => {
    shop = await startShop();
    for (let i = 0; i < 6; i++) guests.push(await newGuest(shop.ctx));
    // Guest i has i + 1 units in the cart; the last one has none.
    for (let i = 0; i < 5; i++)
      await addToCart(shop.ctx, guests[i] as Caller, shop.restaurantId, simpleProduct(shop.menu), i + 1);
  });
  afterAll(async () => shop?.ctx.close());

  const readCart = (guest: Caller) =>
    shop.ctx.app.inject({
      method: 'GET',
      url: `/api/v2/cart?guest_id=${(guest.ids as { guest_id: number }).guest_id}`,
      headers: bearer(guest.token),
    });

  it('cart reads of several guests at once: each its own cart, a revoked token refused among them', async () => {
    const revoked = guests[5] as Caller;
    await shop.ctx.app.inject({ method: 'POST', url: '/api/v2/auth/logout', headers: bearer(revoked.token) });
    const answers = await Promise.all([...guests, ...guests].map(readCart));
    for (const [i, res] of answers.entries()) {
      const g = i % guests.length;
      if (g === 5) {
        expect(res.statusCode).toBe(401);
        continue;
      }
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().data.items as { quantity: number }[];
      expect(items.reduce((sum, item) => sum + item.quantity, 0)).toBe(g + 1);
    }
  });

  it('menus at once while a price changes: every read sent after the change sees it', async () => {
    const menu = () => shop.ctx.app.inject({ method: 'GET', url: `/api/v2/restaurants/${shop.restaurantId}/menu` });
    const before = await Promise.all([menu(), menu(), menu()]);
    const version = before[0]?.json().data.version as number;
    expect(before.map((r) => r.json().data.version)).toEqual([version, version, version]);
    await shop.ctx.db
      .updateTable('catalogue_versions')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('restaurant_id', '=', shop.restaurantId)
      .execute();
    const after = await Promise.all([menu(), menu(), menu()]);
    expect(after.map((r) => r.json().data.version)).toEqual([version + 1, version + 1, version + 1]);
  });
});
