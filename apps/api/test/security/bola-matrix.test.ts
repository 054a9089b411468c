import { defaultTheme } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyGiftCard } from '../support/gift-cards.js';
import { exampleOf, type Operation, operationsOf, type Schema, urlOf } from '../support/openapi.js';
import {
  addToCart,
  type Caller,
  call,
  newGuest,
  pickupOrder,
  restaurantIds,
  type Shop,
  simpleProduct,
  startShop,
  userWithRole,
} from '../support/orders.js';
import { addAustralianTenant } from '../support/tenants.js';

/**
 * Decision 026: every operation of the OpenAPI description that names a resource (a path id) or an
 * owner (user, guest, restaurant, payment, cart line), asked by the wrong actor about a customer's
 * resources at Surry Hills, answers 401, 403 or 404 in the envelope, and changes nothing.
 */

/** Open to anyone by design (the spec's public catalogue and forms), or verified by other means. */
const publicOperations = new Set([
  'GET /api/v2/restaurants/{id}',
  'GET /api/v2/pages/{slug}',
  'GET /api/v2/restaurants/app-settings',
  'GET /api/v2/restaurants/{restaurant_id}/menu',
  'GET /api/v2/restaurants/{restaurant_id}/products/{restaurant_product_id}',
  'GET /api/v2/restaurants/{restaurant_id}/deals',
  'GET /api/v2/restaurants/{restaurant_id}/combos',
  'GET /api/v2/restaurants/{restaurant_id}/fulfilment-times',
  'GET /api/v2/reservations/availability',
  'POST /api/v2/reservations',
  'POST /api/restaurants-with-images',
  'POST /api/v2/delivery/quote',
  // Places the caller's own cart: no one else's resource can be named.
  'POST /api/v2/orders',
  // Signed by the provider; the signature tests cover it.
  'POST /api/v2/payments/webhooks/{provider}/{tenant_id}',
]);

/** Tenant-wide look-ups any staff member may make (decisions 017, 018), whichever restaurant they work at. */
const staffOfTheTenantMay = new Set(['GET /api/v2/admin/gift-cards/{id}/ledger']);

const ownerFields = ['restaurant_id', 'user_id', 'guest_id', 'payment_id', 'cart_id', 'restaurant_ids'];

const watchedTables = [
  'users',
  'guests',
  'addresses',
  'reservations',
  'cart_items',
  'wishlist_items',
  'orders',
  'order_status_history',
  'gift_cards',
  'gift_card_ledger',
  'loyalty_accounts',
  'loyalty_ledger',
  'staff_restaurants',
  'restaurant_products',
  'coupons',
  'app_settings',
  'restaurant_hours',
  'ordering_controls',
  'sandbox_payments',
] as const;

describe('BOLA: the wrong actor gets 401, 403 or 404 from every owner-scoped operation, and nothing changes', () => {
  let shop: Shop;
  let operations: Operation[];
  let resolve: (s: Schema) => Schema;
  const ids: Record<string, number | string> = {};
  let actors: Record<string, Caller | null>;

  beforeAll(async () => {
    shop = await startShop();
    const { ctx, restaurantId, menu } = shop;
    ({ operations, resolve } = await operationsOf(ctx));
    const victim = await userWithRole(ctx, 'customer');
    const victimId = (victim.ids as { user_id: number }).user_id;
    const placed = await pickupOrder(shop, victim);
    if (placed.statusCode !== 201) throw new Error(`victim order: ${placed.body}`);
    await addToCart(ctx, victim, restaurantId, simpleProduct(menu));
    const product = simpleProduct(menu);
    const wish = await ctx.app.inject({
      method: 'POST',
      url: '/api/add-to-wishlist',
      headers: { authorization: `Bearer ${victim.token}` },
      payload: { product_id: product.product_id, restaurant_product_id: product.id, user_id: victimId },
    });
    if (wish.statusCode >= 300) throw new Error(`victim wishlist: ${wish.body}`);
    const address = await call(ctx, 'POST', '/v2/addresses', victim.token, {
      street: '12 Crown Street',
      suburb: 'Surry Hills',
      city: 'Sydney',
      postcode: '2010',
    });
    if (address.statusCode >= 300) throw new Error(`victim address: ${address.body}`);
    const one = async (table: string, where: [string, unknown]) =>
      // biome-ignore lint/suspicious/noExplicitAny: a test reads any table by name
      (await (ctx.db as any).selectFrom(table).selectAll().where(where[0], '=', where[1]).executeTakeFirst()) ?? {};
    const gift = await buyGiftCard(ctx);
    const reservation = await one('reservations', ['tenant_id', 139]);
    Object.assign(ids, {
      user: victimId,
      guest: ((await newGuest(ctx)).ids as { guest_id: number }).guest_id,
      order: placed.json().data.order.id,
      payment: placed.json().data.payment.payment_id,
      cart: (await one('cart_items', ['user_id', victimId])).id,
      wish: (await one('wishlist_items', ['user_id', victimId])).id,
      address: address.json().data.id,
      gift: gift.purchase.gift_card.id,
      purchaser: gift.purchaser,
      reservation: reservation.id ?? 999_999,
      reference: reservation.reference ?? 'R-NONE',
      coupon: (await one('coupons', ['tenant_id', 139])).id ?? 999_999,
      product: product.id,
      productId: product.product_id,
      restaurant: restaurantId,
    });
    const parramatta = (await restaurantIds(ctx)).parramatta as number;
    await addAustralianTenant(ctx.db, 8);
    actors = {
      anonymous: null,
      guest: await newGuest(ctx),
      'other customer': await userWithRole(ctx, 'customer'),
      'staff of another restaurant': await userWithRole(ctx, 'staff', { restaurants: [parramatta] }),
      "another tenant's owner": await userWithRole(ctx, 'owner', { tenant: 8 }),
    };
  }, 120_000);
  afterAll(async () => shop?.ctx.close());

  const pathIds: [RegExp, string][] = [
    [/^\/api\/v2\/(admin\/)?orders\//, 'order'],
    [/^\/api\/v2\/addresses\//, 'address'],
    [/^\/api\/v2\/cart\//, 'cart'],
    [/^\/api\/wishlist\//, 'wish'],
    [/^\/api\/v2\/(admin\/)?gift-cards\//, 'gift'],
    [/^\/api\/v2\/admin\/reservations\//, 'reservation'],
    [/^\/api\/v2\/(staff\/users|admin\/staff)\//, 'user'],
    [/^\/api\/v2\/admin\/products\//, 'product'],
    [/^\/api\/v2\/admin\/coupons\//, 'coupon'],
  ];

  function valueFor(op: Operation, name: string): unknown {
    const byName: Record<string, unknown> = {
      tenant_id: 139,
      restaurant_id: ids.restaurant,
      restaurant_ids: [ids.restaurant],
      user_id: ids.user,
      userId: ids.user,
      guest_id: ids.guest,
      payment_id: ids.payment,
      cart_id: ids.cart,
      reference: ids.reference,
      token: 'not-the-token-of-anything-at-all',
      // Fields whose generic example the schema refuses: plain valid values, so only access decides.
      product_id: ids.productId,
      restaurant_product_id: ids.product,
      until: 'today',
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2099,
      cvc: '123',
      email: 'probe@example.test',
      // The buyer's email alone must open nothing (it once did).
      purchaser_email: ids.purchaser,
      price: 1000,
      busy_minutes: 10,
      web_config: defaultTheme,
      country: 'AU',
      timezone: 'Australia/Sydney',
      postcodes: ['2010'],
      opens_at: '10:00',
      closes_at: '14:00',
    };
    if (name in byName) return byName[name];
    if (name === 'id') return ids[pathIds.find(([re]) => re.test(op.path))?.[1] ?? 'order'];
    return undefined;
  }

  const isTarget = (op: Operation) => {
    if (publicOperations.has(`${op.method} ${op.path}`)) return false;
    const names = [
      ...op.parameters.map((p) => p.name),
      ...Object.keys(op.body ? (resolve(op.body).properties ?? {}) : {}),
    ];
    return op.path.includes('{') || names.some((n) => ownerFields.includes(n));
  };

  async function snapshot() {
    const out: string[] = [];
    for (const table of watchedTables) {
      // biome-ignore lint/suspicious/noExplicitAny: a test reads any table by name
      const rows = await (shop.ctx.db as any).selectFrom(table).selectAll().execute();
      out.push(
        `${table}:${rows
          .map((r: unknown) => JSON.stringify(r))
          .sort()
          .join('\n')}`,
      );
    }
    return out;
  }

  it('covers the owner-scoped operations of the description', () => {
    const targets = operations.filter(isTarget).map((op) => `${op.method} ${op.path}`);
    expect(targets.length).toBeGreaterThan(30);
    for (const must of ['GET /api/v2/orders/{id}', 'PUT /api/v2/addresses/{id}', 'GET /api/v2/gift-cards/{id}']) {
      expect(targets).toContain(must);
    }
  });

  it('refuses every wrong actor', async () => {
    const problems: string[] = [];
    let keys = 0;
    for (const op of operations.filter(isTarget)) {
      const before = await snapshot();
      for (const [actor, caller] of Object.entries(actors)) {
        if (actor === 'staff of another restaurant' && staffOfTheTenantMay.has(`${op.method} ${op.path}`)) continue;
        const pick = (name: string) => valueFor(op, name);
        const path = Object.fromEntries(
          op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, pick(p.name)]),
        );
        const query = Object.fromEntries(
          op.parameters
            .filter((p) => p.in === 'query')
            .map((p) => [p.name, pick(p.name) ?? (p.required ? exampleOf(p.schema ?? {}, resolve) : undefined)]),
        );
        const payload = op.body ? exampleOf(op.body, resolve, pick) : undefined;
        const res = await shop.ctx.app.inject({
          method: op.method,
          url: urlOf(op, path, query),
          headers: {
            ...(caller ? { authorization: `Bearer ${caller.token}` } : {}),
            'idempotency-key': `bola_${keys++}_${Date.now()}`,
          },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        const body = res.body ? JSON.parse(res.body) : null;
        if (![401, 403, 404].includes(res.statusCode) || body?.data !== null || !body?.error) {
          problems.push(`${op.method} ${op.path} as ${actor}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
      const after = await snapshot();
      const changed = watchedTables.filter((_t, i) => before[i] !== after[i]);
      if (changed.length) problems.push(`${op.method} ${op.path} changed ${changed.join(', ')}`);
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
