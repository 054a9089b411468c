import type { Deals, Menu, MenuProduct } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../src/db/seed/catalogue.js';
import { bestSellersJob } from '../src/modules/best-sellers/service.js';
import type { TestContext } from './support/app.js';
import {
  type Caller,
  call,
  guestDetails,
  menuOf,
  newGuest,
  newKey,
  openAllDay,
  type Shop,
  shopAt,
  startShop,
  userWithRole,
} from './support/orders.js';
import { addAustralianTenant, addPonsonby } from './support/tenants.js';

/** What the home page's "Best Selling" row is built from: the menu's flagged products. */
const bestSellers = (menu: Menu) =>
  menu.products
    .filter((p) => p.is_best_seller)
    .map((p) => p.products.name)
    .sort();

const byName = (menu: Menu, name: string) => menu.products.find((p) => p.products.name === name) as MenuProduct;

type Line =
  | { product: MenuProduct; quantity: number }
  | { halves: [MenuProduct, MenuProduct]; quantity: number }
  | { deal: Deals['deals'][number]; choices: number[]; quantity: number };

/** A cart line as the storefront's dialogs send it: default size, no extras. */
function cartBody(restaurantId: number, line: Line) {
  if ('deal' in line) {
    return {
      restaurant_id: restaurantId,
      deal_id: line.deal.id,
      quantity: line.quantity,
      notes: '',
      children: line.deal.deal_component_types.map((slot, i) => {
        const choice = slot.choices.find((c) => c.restaurant_product_id === line.choices[i]);
        if (!choice) throw new Error(`no choice ${line.choices[i]} for ${slot.name}`);
        return {
          deal_component_type_id: slot.id,
          restaurant_product_id: choice.restaurant_product_id,
          product_id: choice.product_id,
          quantity: slot.quantity,
        };
      }),
    };
  }
  const product = 'halves' in line ? line.halves[0] : line.product;
  return {
    restaurant_id: restaurantId,
    restaurant_product_id: product.id,
    product_id: product.product_id,
    quantity: line.quantity,
    is_half_and_half: 'halves' in line,
    notes: '',
    modifiers: [],
    configurations: product.attributes.map((a) => {
      const v = a.values.find((x) => x.is_default) ?? a.values[0];
      return { attribute_id: a.id, attribute_value_id: v?.id, price_adjustment: 0 };
    }),
    ...('halves' in line
      ? {
          portions: line.halves.map((h) => ({ restaurant_product_id: h.id, product_id: h.product_id, modifiers: [] })),
        }
      : {}),
  };
}

/**
 * A new guest's dine-in order of `lines` through the real cart and order calls: cash is placed at
 * once, card waits for a payment that never comes (pending_payment). `host` picks the tenant.
 */
async function order(
  ctx: TestContext,
  restaurantId: number,
  lines: Line[],
  options: { payment?: 'cash_on_delivery' | 'card'; host?: string; tenant?: number } = {},
) {
  const headers: Record<string, string> = options.host ? { host: options.host } : {};
  let guest: Caller;
  if (options.tenant) {
    const res = await call(ctx, 'POST', '/v2/auth/guest', null, { tenant_id: options.tenant }, headers);
    const { guest_token, guest: g } = res.json().data;
    guest = { token: guest_token, ids: { guest_id: g.guest_id } };
  } else {
    guest = await newGuest(ctx);
  }
  for (const line of lines) {
    const res = await call(
      ctx,
      'POST',
      '/v2/cart',
      guest.token,
      { ...cartBody(restaurantId, line), ...guest.ids },
      headers,
    );
    if (res.statusCode !== 201) throw new Error(`add to cart: ${res.body}`);
  }
  const res = await call(
    ctx,
    'POST',
    '/v2/orders',
    guest.token,
    {
      restaurant_id: restaurantId,
      method: 'dine_in',
      table_id: '4',
      payment_method: options.payment ?? 'cash_on_delivery',
      guest_details: guestDetails(),
    },
    { 'idempotency-key': newKey(), ...headers },
  );
  if (res.statusCode !== 201) throw new Error(`place order: ${res.statusCode} ${res.body}`);
  return res.json().data.order as { id: number; status: string };
}

describe('best sellers from order history', () => {
  let shop: Shop;
  let ctx: TestContext;
  let staff: Caller;
  let parramatta: Shop;
  const job = () => bestSellersJob(ctx.db);
  const menu = () => menuOf(ctx, shop.restaurantId);
  const version = async (restaurantId: number) =>
    (
      await ctx.db
        .selectFrom('catalogue_versions')
        .select('version')
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst()
    )?.version ?? 1;

  /** Products with nothing to choose, outside pizzas and drinks, not flagged by the seed. */
  let pool: MenuProduct[];
  let pizza: MenuProduct;
  let drink: MenuProduct;
  let seeded: string[];
  let parramattaSeeded: string[];

  beforeAll(async () => {
    shop = await startShop();
    ctx = shop.ctx;
    parramatta = await shopAt(ctx, 'parramatta');
    staff = await userWithRole(ctx, 'staff');
    const categories = new Map(shop.menu.categories.map((c) => [c.id, c.slug]));
    pool = shop.menu.products.filter(
      (p) =>
        p.is_available &&
        !p.is_best_seller &&
        !p.is_half_and_half &&
        !['pizzas', 'drinks'].includes(categories.get(p.category_id) ?? '') &&
        p.modifier_groups.every((g) => g.min_select === 0),
    );
    pizza = shop.menu.products.find(
      (p) => categories.get(p.category_id) === 'pizzas' && p.is_available && !p.is_best_seller,
    ) as MenuProduct;
    drink = shop.menu.products.find((p) => categories.get(p.category_id) === 'drinks' && p.is_available) as MenuProduct;
    seeded = bestSellers(shop.menu);
    parramattaSeeded = bestSellers(parramatta.menu);
  });
  afterAll(() => ctx.close());

  it('starts from the seed: the curated best sellers, the same products at both restaurants', () => {
    expect(pool.length).toBeGreaterThanOrEqual(11);
    expect(seeded).toEqual(['Diavola', 'Garlic Bread', 'Margherita', 'Spaghetti Carbonara', 'Tiramisu']);
    expect(parramattaSeeded).toEqual(seeded);
  });

  it('keeps the flags of a restaurant with fewer than 10 sold orders in 30 days: pending, cancelled and older orders do not count', async () => {
    const p = (i: number) => pool[i] as MenuProduct;
    const deal = (await call(ctx, 'GET', `/v2/restaurants/${shop.restaurantId}/deals`, null))
      .json()
      .data.deals.find((d: Deals['deals'][number]) => d.name === '2 Large Pizzas + Drink');
    // Nine sold orders (the 8th placed 29 days ago: still inside the window).
    for (const [a, b] of [
      [0, 1],
      [0, 1],
      [2, 3],
      [2, 3],
    ] as const) {
      await order(ctx, shop.restaurantId, [
        { product: p(a), quantity: 10 - a },
        { product: p(b), quantity: 10 - b },
      ]);
    }
    await order(ctx, shop.restaurantId, [{ product: p(4), quantity: 12 }]);
    await order(ctx, shop.restaurantId, [{ product: p(5), quantity: 10 }]);
    // 4 deals of two large pizzas and a drink: 8 pizzas, 4 drinks.
    await order(ctx, shop.restaurantId, [{ deal, choices: [pizza.id, drink.id], quantity: 4 }]);
    const lastMonth = await order(ctx, shop.restaurantId, [{ product: p(6), quantity: 5 }]);
    await backdate(lastMonth.id, 29);
    await order(ctx, shop.restaurantId, [{ product: p(7), quantity: 3 }]);

    // What did not sell, in large numbers: an order cancelled by staff, one waiting for its card
    // payment, and three placed 31 days ago.
    const cancelled = await order(ctx, shop.restaurantId, [{ product: p(8), quantity: 30 }]);
    const moved = await call(ctx, 'PATCH', `/v2/admin/orders/${cancelled.id}/status`, staff.token, {
      status: 'cancelled',
      reason: 'Out of dough',
    });
    expect(moved.statusCode).toBe(200);
    const pending = await order(ctx, shop.restaurantId, [{ product: p(9), quantity: 30 }], { payment: 'card' });
    expect(pending.status).toBe('pending_payment');
    for (let i = 0; i < 3; i++) {
      const old = await order(ctx, shop.restaurantId, [{ product: p(10), quantity: 30 }]);
      await backdate(old.id, 31);
    }

    const before = await version(shop.restaurantId);
    expect(await job().refresh()).toEqual([]);
    expect(bestSellers(await menu())).toEqual(seeded);
    expect(await version(shop.restaurantId)).toBe(before);
  });

  it('with the 10th sold order, the 8 top-selling products become the best sellers on the menu', async () => {
    const [margherita, diavola] = [byName(shop.menu, 'Margherita'), byName(shop.menu, 'Diavola')];
    // Two half-and-half pizzas: one unit of each half, too few to stay best sellers.
    await order(ctx, shop.restaurantId, [{ halves: [margherita, diavola], quantity: 2 }]);
    const before = await version(shop.restaurantId);

    const changes = await job().refresh();

    const names = (ids: number[]) => ids.map((id) => shop.menu.products.find((p) => p.id === id)?.products.name);
    const top = [pool[0], pool[1], pool[2], pool[3], pool[4], pool[5], pizza, pool[6]] as MenuProduct[];
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ tenantId: 139, restaurantId: shop.restaurantId });
    // Best first: 20, 18, 16, 14, 12, 10, 8 (in deals), 5 units; the drink (4), pool[7] (3) miss the top 8.
    expect(names(changes[0]?.bestSellers ?? [])).toEqual(top.map((p) => p.products.name));
    const now = await menu();
    expect(bestSellers(now)).toEqual(top.map((p) => p.products.name).sort());
    expect(now.version).toBe(before + 1);
    expect(await version(shop.restaurantId)).toBe(before + 1);
    // The other restaurant sells the same products, but had no orders: it keeps the seed's choice.
    expect(bestSellers(await menuOf(ctx, parramatta.restaurantId))).toEqual(parramattaSeeded);
  });

  it('changes nothing on a second run with no new orders: same flags, same version, the cached menu answers 304', async () => {
    const url = `/api/v2/restaurants/${shop.restaurantId}/menu?channel=online`;
    const first = await ctx.app.inject({ method: 'GET', url });
    const flags = bestSellers(first.json().data);
    const before = await version(shop.restaurantId);

    expect(await job().refresh()).toEqual([]);

    expect(await version(shop.restaurantId)).toBe(before);
    const again = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(bestSellers(await menu())).toEqual(flags);
  });

  it('keeps its flags when its history falls under the minimum again (all orders older than 30 days)', async () => {
    const flags = bestSellers(await menu());
    const before = await version(shop.restaurantId);
    expect(await job().refresh({ now: new Date(Date.now() + 40 * 86_400_000) })).toEqual([]);
    expect(bestSellers(await menu())).toEqual(flags);
    expect(await version(shop.restaurantId)).toBe(before);
  });

  it('two runs at once set the same flags and move the version once', async () => {
    // pool[7] now sells 13: it takes pool[6]'s place (5).
    await order(ctx, shop.restaurantId, [{ product: pool[7] as MenuProduct, quantity: 10 }]);
    const before = await version(shop.restaurantId);

    const [a, b] = await Promise.all([job().refresh(), job().refresh()]);

    expect([...a, ...b]).toHaveLength(1);
    const flags = bestSellers(await menu());
    expect(flags).toContain(pool[7]?.products.name);
    expect(flags).not.toContain(pool[6]?.products.name);
    expect(flags).toHaveLength(8);
    expect(await version(shop.restaurantId)).toBe(before + 1);
  });

  it("never lets another tenant's orders move this tenant's flags, and sets that tenant's own", async () => {
    const other = await otherTenant();
    const garlic = byName(other.menu, 'Garlic Bread');
    const pannaCotta = byName(other.menu, 'Panna Cotta');
    for (let i = 0; i < 10; i++) {
      await order(ctx, other.restaurantId, [{ product: i % 2 ? garlic : pannaCotta, quantity: 5 }], {
        host: 'other.example',
        tenant: 240,
      });
    }
    const flags = bestSellers(await menu());
    const before = await version(shop.restaurantId);

    const changes = await job().refresh();

    expect(changes).toEqual([
      { tenantId: 240, restaurantId: other.restaurantId, bestSellers: [garlic.id, pannaCotta.id] },
    ]);
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/restaurants/${other.restaurantId}/menu`,
      headers: { host: 'other.example' },
    });
    expect(bestSellers(theirs.json().data)).toEqual(['Garlic Bread', 'Panna Cotta']);
    expect(bestSellers(await menu())).toEqual(flags);
    expect(await version(shop.restaurantId)).toBe(before);
    expect(bestSellers(await menuOf(ctx, parramatta.restaurantId))).toEqual(parramattaSeeded);
  });

  it('runs by itself once the server listens, and stops when it closes', async () => {
    // pool[6] sells 20 more (25): back in the top 8, and the pizza (8) drops out.
    await order(ctx, shop.restaurantId, [{ product: pool[6] as MenuProduct, quantity: 20 }]);
    const before = await version(shop.restaurantId);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 200 && (await version(shop.restaurantId)) === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await version(shop.restaurantId)).toBe(before + 1);
    const flags = bestSellers(await menu());
    expect(flags).toContain(pool[6]?.products.name);
    expect(flags).not.toContain(pizza.products.name);
  });

  /** Moves an order's placing time `days` into the past (as if placed then). */
  async function backdate(orderId: number, days: number) {
    await ctx.db
      .updateTable('orders')
      .set({ placed_at: new Date(Date.now() - days * 86_400_000).toISOString() })
      .where('id', '=', orderId)
      .execute();
  }

  /** Another business selling the demo's menu at its own Surry Hills, open all day. */
  async function otherTenant() {
    await addAustralianTenant(ctx.db, 240);
    // The demo's prices are by restaurant slug; the seed sells at a 'surry-hills' of any tenant.
    const restaurantId = await addPonsonby(ctx.db, {
      tenant_id: 240,
      slug: 'surry-hills',
      timezone: 'Australia/Sydney',
    });
    await seedCatalogue(ctx.db, 240);
    await ctx.db
      .insertInto('app_settings')
      .values({
        tenant_id: 240,
        restaurant_id: null,
        web_config: '{}',
        payment_gateway_config: JSON.stringify({ provider: 'sandbox', mode: 'test', publishable_key: 'pk_sandbox_x' }),
        payment_gateway_secrets: null,
        is_online_order_enabled: 1,
      })
      .execute();
    await openAllDay(ctx, restaurantId, 240);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/restaurants/${restaurantId}/menu`,
      headers: { host: 'other.example' },
    });
    return { restaurantId, menu: res.json().data as Menu };
  }
});
