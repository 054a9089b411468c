import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from './support/auth.js';
import { testDialect } from './support/database.js';
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
} from './support/orders.js';

// Each query is a round trip to PostgreSQL, so the hot paths read what they need in as few
// statements as they can (decision 054). Counted with the app's own query metrics (decision 028).
// Dots: not the shape of a sign-in token, so a scrape reads no token of its own.
const token = 'metrics.token.for.tests.0123456789';
let shop: Shop;
let guest: Caller;
let guestId: number;

beforeAll(async () => {
  shop = await startShop({ env: { METRICS_TOKEN: token } });
  guest = await newGuest(shop.ctx);
  guestId = (guest.ids as { guest_id: number }).guest_id;
  await addToCart(shop.ctx, guest, shop.restaurantId, simpleProduct(shop.menu), 1);
});
afterAll(async () => shop?.ctx.close());

/** Every query the process has made so far, whatever its kind. */
async function queriesSoFar() {
  const res = await shop.ctx.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${token}` },
  });
  return res.body
    .split('\n')
    .filter((line) => line.startsWith('storefront_db_query_duration_seconds_count'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

/**
 * The queries one request makes, after the same request once (caches warm). Injected requests may
 * all run within one turn of the event loop, and reads in the turn of a commit of ours are not
 * remembered (decision 080): a turn is let pass first, so the test before's commit does not count.
 */
async function queriesOf(request: () => Promise<{ statusCode: number }>) {
  await new Promise((resolve) => setImmediate(resolve));
  await request();
  return queriesOfOnce(request);
}

/** The queries one request makes as things stand. */
async function queriesOfOnce(request: () => Promise<{ statusCode: number }>) {
  // What a scrape itself reads is counted once and taken off.
  const first = await queriesSoFar();
  const before = await queriesSoFar();
  const res = await request();
  expect(res.statusCode).toBeLessThan(300);
  return (await queriesSoFar()) - before - (before - first);
}

describe('queries per request on the hot paths', () => {
  it('a menu read is one query, the tenant of the host and the catalogue version together; on SQLite none while nothing committed', async () => {
    const menu = () => shop.ctx.app.inject({ method: 'GET', url: `/api/v2/restaurants/${shop.restaurantId}/menu` });
    // On SQLite none while nothing has committed since the last read (decision 072), else one.
    expect(await queriesOf(menu)).toBe(testDialect === 'sqlite' ? 0 : 1);
    // After a commit (here an add to a cart), one again.
    await addProduct(shop.ctx, guest, shop.restaurantId, simpleProduct(shop.menu));
    expect(await queriesOfOnce(menu)).toBe(1);
  });

  it('a cart read is two, the token, then the lines with the pricing and catalogue versions; on SQLite none while nothing committed', async () => {
    const read = () =>
      shop.ctx.app.inject({ method: 'GET', url: `/api/v2/cart?guest_id=${guestId}`, headers: bearer(guest.token) });
    // On SQLite none while nothing has committed since the last read (decision 072).
    expect(await queriesOf(read)).toBe(testDialect === 'sqlite' ? 0 : 2);
    await addProduct(shop.ctx, guest, shop.restaurantId, simpleProduct(shop.menu));
    expect(await queriesOfOnce(read)).toBe(2);
  });

  it('an add is two: the token, then the insert made on the conditions the last full check saw (decision 062)', async () => {
    const add = () => addProduct(shop.ctx, guest, shop.restaurantId, simpleProduct(shop.menu));
    // On PostgreSQL the insert takes the cart's lock itself, held to its own commit (decision 070).
    expect(await queriesOf(add)).toBe(2);
  });

  it('a guest cash pickup order is 17 on SQLite, 14 on PostgreSQL (decisions 059, 063, 073)', async () => {
    const order = async () => {
      const buyer = await newGuest(shop.ctx);
      await addToCart(shop.ctx, buyer, shop.restaurantId, simpleProduct(shop.menu), 1);
      const when = await firstTime(shop.ctx, shop.restaurantId, 'pickup');
      const body = {
        restaurant_id: shop.restaurantId,
        method: 'pickup',
        ...when,
        payment_method: 'cash_on_delivery',
        guest_details: guestDetails(),
      };
      // Only the order is counted: the guest, its cart and the times are made before.
      return () => placeOrder(shop.ctx, buyer, body);
    };
    await (await order())();
    const place = await order();
    const first = await queriesSoFar();
    const before = await queriesSoFar();
    const res = await place();
    expect(res.statusCode, res.body).toBe(201);
    // The token; tip settings (before the transaction); begin; the key, restaurant, settings,
    // fulfilment rules with special hours, slot, cart lines with versions, their delete, order,
    // status, key link, number, settlement (the last four one statement on PostgreSQL); commit; the
    // mail kept in the outbox.
    expect((await queriesSoFar()) - before - (before - first)).toBe(testDialect === 'postgres' ? 14 : 17);
  });
});
