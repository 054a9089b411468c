import { randomUUID } from 'node:crypto';
import { type FulfilmentTimes, type Menu, type MenuProduct, type PlacedOrder, toZoned } from '@orderfront/core';
import { sha256 } from '../../src/modules/auth/crypto.js';
import { createTestApp, type TestContext } from './app.js';
import { bearer, tenantId } from './auth.js';

export interface Caller {
  token: string;
  /** The user's or the guest's id, as the cart calls send it. */
  ids: { user_id: number } | { guest_id: number };
}

export async function newGuest(ctx: TestContext): Promise<Caller> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/auth/guest', payload: { tenant_id: tenantId } });
  const { guest_token, guest } = res.json().data;
  return { token: guest_token as string, ids: { guest_id: guest.guest_id as number } };
}

/**
 * A user with a role, made directly in the database (roles are set by the owner elsewhere). Staff
 * and managers are assigned `restaurants` (by default every restaurant of their tenant).
 */
export async function userWithRole(
  ctx: TestContext,
  role: 'customer' | 'staff' | 'manager' | 'owner',
  options: { tenant?: number; email?: string; name?: string; restaurants?: number[] } = {},
): Promise<Caller> {
  const tenant = options.tenant ?? tenantId;
  const email = options.email ?? `${role}-${randomUUID()}@example.test`;
  const user = await ctx.db
    .insertInto('users')
    .values({
      tenant_id: tenant,
      email,
      name: options.name ?? `Test ${role}`,
      phone_no: '0400 000 000',
      password_hash: null,
      google_sub: null,
      role,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (role === 'staff' || role === 'manager') {
    const restaurants =
      options.restaurants ??
      (await ctx.db.selectFrom('restaurants').select('id').where('tenant_id', '=', tenant).execute()).map((r) => r.id);
    for (const restaurant_id of restaurants) {
      await ctx.db
        .insertInto('staff_restaurants')
        .values({ tenant_id: tenant, user_id: user.id, restaurant_id })
        .execute();
    }
  }
  const token = `test_${randomUUID().replace(/-/g, '')}`;
  const at = new Date();
  await ctx.db
    .insertInto('auth_tokens')
    .values({
      tenant_id: tenant,
      token_hash: sha256(token),
      kind: 'user',
      user_id: user.id,
      guest_id: null,
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + 86_400_000).toISOString(),
      revoked_at: null,
    })
    .execute();
  return { token, ids: { user_id: user.id } };
}

export const call = (
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

export async function restaurantIds(ctx: TestContext) {
  const ids: Record<string, number> = {};
  for (const r of await ctx.db.selectFrom('restaurants').select(['id', 'slug']).execute()) ids[r.slug] = r.id;
  return ids;
}

/** Opens a restaurant around the clock for every method, so tests do not depend on the hour they run. */
export async function openAllDay(ctx: TestContext, restaurantId: number, tenant = tenantId) {
  await ctx.db.deleteFrom('restaurant_hours').where('restaurant_id', '=', restaurantId).execute();
  const rows = (['pickup', 'delivery', 'dine_in'] as const).flatMap((method) =>
    [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      tenant_id: tenant,
      restaurant_id: restaurantId,
      method,
      weekday,
      opens_at: '00:00',
      closes_at: '24:00',
    })),
  );
  await ctx.db.insertInto('restaurant_hours').values(rows).execute();
}

export async function menuOf(ctx: TestContext, restaurantId: number): Promise<Menu> {
  return (await ctx.app.inject({ method: 'GET', url: `/api/v2/restaurants/${restaurantId}/menu` })).json().data;
}

const simpleProducts = (menu: Menu) =>
  menu.products.filter(
    (p) => p.is_available && !p.is_half_and_half && p.modifier_groups.every((g) => g.min_select === 0),
  );

/** A product with no required choices. */
export const simpleProduct = (menu: Menu, skip = 0) => simpleProducts(menu)[skip] as MenuProduct;

/** The cheapest product with no required choices. */
export const cheapestProduct = (menu: Menu) =>
  simpleProducts(menu).reduce((a, b) => (b.unit_price < a.unit_price ? b : a));

/** Adds a product with its default choices; returns the raw response. */
export const addProduct = (
  ctx: TestContext,
  caller: Caller,
  restaurantId: number,
  product: MenuProduct,
  quantity = 1,
) =>
  call(ctx, 'POST', '/v2/cart', caller.token, {
    restaurant_id: restaurantId,
    restaurant_product_id: product.id,
    product_id: product.product_id,
    quantity,
    is_half_and_half: false,
    notes: '',
    modifiers: [],
    configurations: product.attributes.map((a) => {
      const v = a.values.find((x) => x.is_default) ?? a.values[0];
      return { attribute_id: a.id, attribute_value_id: v?.id, price_adjustment: 0 };
    }),
    ...caller.ids,
  });

export async function addToCart(
  ctx: TestContext,
  caller: Caller,
  restaurantId: number,
  product: MenuProduct,
  quantity = 1,
) {
  const res = await addProduct(ctx, caller, restaurantId, product, quantity);
  if (res.statusCode !== 201) throw new Error(`add to cart: ${res.body}`);
}

/** The first pickup/delivery time the restaurant offers (a scheduled one if asked), else ASAP today. */
export async function firstTime(
  ctx: TestContext,
  restaurantId: number,
  method: 'pickup' | 'delivery',
  options: { scheduled?: boolean } = {},
) {
  const url = `/api/v2/restaurants/${restaurantId}/fulfilment-times?method=${method}`;
  const res = await ctx.app.inject({ method: 'GET', url });
  if (res.statusCode === 200) {
    const first = res.json().data as FulfilmentTimes;
    // Late in the evening today may offer only ASAP: a scheduled time is then on a later date.
    for (const date of first.dates) {
      const day =
        date === first.date
          ? first
          : ((await ctx.app.inject({ method: 'GET', url: `${url}&date=${date}` })).json().data as FulfilmentTimes);
      const time = day.times.find((t) => !options.scheduled || t.value !== 'asap');
      if (time) return { pickup_date: date, pickup_time: time.value };
    }
  }
  return { pickup_date: toZoned(new Date(), 'Australia/Sydney').date, pickup_time: 'asap' };
}

/**
 * Scheduled pickup times (ASAP left out) at least `marginMinutes` away, so a long test does not
 * pass their lead time: orders at different times count against different kitchen slots, so on
 * PostgreSQL they run side by side.
 */
/**
 * Every pickup time at least `marginMinutes` ahead, over all the days on offer, earliest first.
 * Late in the restaurant's evening today has only a few slots left; tests that spread orders
 * over slots need the following days too, or the kitchen's capacity per slot turns them away.
 */
export async function pickupTimes(ctx: TestContext, restaurantId: number, marginMinutes = 60) {
  const earliest = Date.now() + marginMinutes * 60_000;
  const url = `/api/v2/restaurants/${restaurantId}/fulfilment-times?method=pickup`;
  const first = (await ctx.app.inject({ method: 'GET', url })).json().data as FulfilmentTimes;
  const all: { pickup_date: string; pickup_time: string }[] = [];
  for (const date of first.dates) {
    const day = (await ctx.app.inject({ method: 'GET', url: `${url}&date=${date}` })).json().data as FulfilmentTimes;
    const times = day.times.filter((t) => t.value !== 'asap' && Date.parse(t.starts_at) >= earliest);
    all.push(...times.map((t) => ({ pickup_date: date, pickup_time: t.value })));
  }
  if (all.length === 0) throw new Error(`no pickup times ${marginMinutes} minutes ahead`);
  return all;
}

export const guestDetails = (email = `guest-${randomUUID()}@example.test`) => ({
  name: 'Grace Guest',
  email,
  phone_no: '0412 345 678',
});

export const address = {
  formatted_address: '12 Crown Street, Surry Hills NSW 2010',
  city: 'Sydney',
  postcode: '2010',
  suburb: 'Surry Hills',
};

export const newKey = () => `key_${randomUUID()}`;

/** Places the caller's cart; returns the raw response. */
export function placeOrder(
  ctx: TestContext,
  caller: Caller,
  body: Record<string, unknown>,
  key: string | null = newKey(),
) {
  return call(ctx, 'POST', '/v2/orders', caller.token, body, key ? { 'idempotency-key': key } : {});
}

/** A restaurant open around the clock with its menu: where the order tests shop. */
export interface Shop {
  ctx: TestContext;
  restaurantId: number;
  menu: Menu;
}

/** Opens `slug` around the clock and reads its menu. */
export async function shopAt(ctx: TestContext, slug = 'surry-hills'): Promise<Shop> {
  const restaurantId = (await restaurantIds(ctx))[slug];
  if (restaurantId === undefined) throw new Error(`no restaurant ${slug}`);
  await openAllDay(ctx, restaurantId);
  return { ctx, restaurantId, menu: await menuOf(ctx, restaurantId) };
}

/** The app and Surry Hills open around the clock, as every order test file starts. */
export async function startShop(options: Parameters<typeof createTestApp>[0] = {}): Promise<Shop> {
  // Many guests and sign-ups in one file: the sign-in rate limit is not under test in the order files.
  const ctx = await createTestApp({ ...options, env: { AUTH_RATE_LIMIT_MAX: '10000', ...options.env } });
  return shopAt(ctx);
}

/**
 * Puts `quantity` of a simple product in the caller's cart and places a pickup order for the first
 * time offered (guests give their details, `email` if set); `body` adds to or overrides the request.
 */
export async function pickupOrder(
  shop: Shop,
  caller: Caller,
  body: Record<string, unknown> = {},
  options: { quantity?: number; email?: string; key?: string } = {},
) {
  await addToCart(shop.ctx, caller, shop.restaurantId, simpleProduct(shop.menu), options.quantity ?? 2);
  return placeOrder(
    shop.ctx,
    caller,
    {
      restaurant_id: shop.restaurantId,
      method: 'pickup',
      ...(await firstTime(shop.ctx, shop.restaurantId, 'pickup')),
      payment_method: 'card',
      ...('guest_id' in caller.ids ? { guest_details: guestDetails(options.email) } : {}),
      ...body,
    },
    options.key,
  );
}

/** A new guest's pickup order (see pickupOrder); fails the test unless it is placed (201). */
export async function guestOrder(
  shop: Shop,
  body: Record<string, unknown> = {},
  options: { quantity?: number; email?: string } = {},
) {
  const guest = await newGuest(shop.ctx);
  const res = await pickupOrder(shop, guest, body, options);
  if (res.statusCode !== 201) throw new Error(`place order: ${res.statusCode} ${res.body}`);
  return { guest, placed: res.json().data as PlacedOrder };
}

/** The card form of the sandbox provider, with a card that expires in two years. */
export const sandboxCard = (number: string, extra: Record<string, unknown> = {}) => ({
  card_number: number,
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 2,
  cvc: '123',
  ...extra,
});

/** What the checkout page does with the sandbox provider: confirm the payment with a test card. */
export const confirmSandbox = (
  ctx: TestContext,
  caller: Caller,
  paymentId: string,
  number: string,
  extra: Record<string, unknown> = {},
) =>
  call(ctx, 'POST', '/v2/payments/sandbox/confirm', caller.token, {
    payment_id: paymentId,
    ...sandboxCard(number, extra),
  });

export const orderRow = (ctx: TestContext, id: number) =>
  ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export async function historyOf(ctx: TestContext, id: number) {
  return (
    await ctx.db.selectFrom('order_status_history').select('status').where('order_id', '=', id).orderBy('id').execute()
  ).map((h) => h.status);
}
