import { randomUUID } from 'node:crypto';
import { type Menu, type MenuProduct, toZoned } from '@storefront/core';
import { sha256 } from '../../src/modules/auth/crypto.js';
import type { TestContext } from './app.js';
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
  options: { tenant?: number; email?: string; restaurants?: number[] } = {},
): Promise<Caller> {
  const tenant = options.tenant ?? tenantId;
  const email = options.email ?? `${role}-${randomUUID()}@example.test`;
  const user = await ctx.db
    .insertInto('users')
    .values({
      tenant_id: tenant,
      email,
      name: `Test ${role}`,
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
export async function openAllDay(ctx: TestContext, restaurantId: number) {
  await ctx.db.deleteFrom('restaurant_hours').where('restaurant_id', '=', restaurantId).execute();
  const rows = (['pickup', 'delivery', 'dine_in'] as const).flatMap((method) =>
    [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      tenant_id: tenantId,
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

/** A product with no required choices. */
export const simpleProduct = (menu: Menu, skip = 0) =>
  menu.products.filter(
    (p) => p.is_available && !p.is_half_and_half && p.modifier_groups.every((g) => g.min_select === 0),
  )[skip] as MenuProduct;

export async function addToCart(
  ctx: TestContext,
  caller: Caller,
  restaurantId: number,
  product: MenuProduct,
  quantity = 1,
) {
  const res = await call(ctx, 'POST', '/v2/cart', caller.token, {
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
  if (res.statusCode !== 201) throw new Error(`add to cart: ${res.body}`);
}

/** A pickup/delivery time the restaurant offers now: the fulfilment call's first, else ASAP today. */
export async function firstTime(
  ctx: TestContext,
  restaurantId: number,
  method: 'pickup' | 'delivery',
  options: { scheduled?: boolean } = {},
) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v2/restaurants/${restaurantId}/fulfilment-times?method=${method}`,
  });
  if (res.statusCode === 200) {
    const data = res.json().data as { date: string | null; times: { value: string }[] };
    const time = data.times.find((t) => !options.scheduled || t.value !== 'asap');
    if (data.date && time) return { pickup_date: data.date, pickup_time: time.value };
  }
  return { pickup_date: toZoned(new Date(), 'Australia/Sydney').date, pickup_time: 'asap' };
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
