import { type Combos, type Deals, type Menu, type MenuProduct, priceProductLine } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';
import { bearer, logIn, signUp, tenantId } from './support/auth.js';
import { whileOnlineOrderingOff } from './support/tenants.js';

let ctx: TestContext;
const ids: Record<string, number> = {};
let menu: Menu;
let parraMenu: Menu;
let deals: Deals;
let combos: Combos;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const r of await ctx.db.selectFrom('restaurants').select(['id', 'slug']).execute()) ids[r.slug] = r.id;
  const read = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).json().data;
  menu = await read(`/api/v2/restaurants/${ids['surry-hills']}/menu`);
  parraMenu = await read(`/api/v2/restaurants/${ids.parramatta}/menu`);
  deals = await read(`/api/v2/restaurants/${ids['surry-hills']}/deals`);
  combos = await read(`/api/v2/restaurants/${ids['surry-hills']}/combos`);
});
afterAll(async () => ctx?.close());

async function newGuest() {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/auth/guest', payload: { tenant_id: tenantId } });
  const { guest_token, guest } = res.json().data;
  return { token: guest_token as string, id: guest.guest_id as number };
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const byName = (m: Menu, name: string) => m.products.find((p) => p.products.name === name) as MenuProduct;
/** A simple product with no required modifier groups. */
const simple = () =>
  menu.products.find(
    (p) => p.is_available && !p.is_half_and_half && p.modifier_groups.every((g) => g.min_select === 0),
  ) as MenuProduct;

function productBody(p: MenuProduct, extra: Record<string, unknown> = {}) {
  return {
    restaurant_id: ids['surry-hills'],
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
    ...extra,
  };
}

function expectedUnit(p: MenuProduct) {
  const attribute_values = Object.fromEntries(
    p.attributes.map((a) => [a.id, (a.values.find((x) => x.is_default) ?? a.values[0])?.id as number]),
  );
  return priceProductLine(p, { attribute_values, modifiers: [], quantity: 1 }).unit_price;
}

describe('cart calls (spec §7)', () => {
  it('needs a token: 401 without one; a new guest has an empty cart', async () => {
    expect((await call('GET', '/v2/cart', null)).statusCode).toBe(401);
    const g = await newGuest();
    const res = await call('GET', `/v2/cart?guest_id=${g.id}`, g.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { items: [], item_count: 0, total: 0 }, error: null });
  });

  it('adds a product priced from the catalogue, ignoring client prices, with every spec §3 field', async () => {
    const g = await newGuest();
    const p = simple();
    const body = productBody(p, { quantity: 2, notes: '  no onions ', guest_id: g.id });
    (body.configurations as { price_adjustment: number }[]).forEach((c) => {
      c.price_adjustment = -99_999;
    });
    const add = await call('POST', '/v2/cart', g.token, body);
    expect(add.statusCode).toBe(201);
    const cart = (await call('GET', `/v2/cart?guest_id=${g.id}`, g.token)).json().data;
    expect(cart.item_count).toBe(2);
    const [item] = cart.items;
    const unit = expectedUnit(p);
    expect(unit).toBeGreaterThan(0);
    expect(item).toMatchObject({
      id: add.json().data.id,
      quantity: 2,
      item_total: unit * 2,
      discounted_item_total: unit * 2,
      discount_amount: 0,
      order_level_discount: 0,
      applied_coupon: null,
      is_auto_coupon: false,
      is_free: false,
      offer_type: null,
      offer_quantity_applied: 0,
      is_half_and_half: false,
      notes: 'no onions',
      restaurant_id: ids['surry-hills'],
      restaurant_products: { id: p.id, price: p.price, online_price: p.online_price },
      products: { id: p.product_id, name: p.products.name },
      image: { image_url: p.products.image.image_url },
    });
    for (const key of [
      'cart_portions',
      'combo_product_id',
      'combo_products',
      'coupon_id',
      'coupons',
      'deal_id',
      'deals',
      'deal_component_type_id',
      'deal_component_types',
      'cart_modifiers',
      'cart_configurations',
      'other_carts',
      'tax',
    ]) {
      expect(item).toHaveProperty(key);
    }
    expect(cart.total).toBe(unit * 2); // demo tenant: tax inclusive
    // Dine-in prices the same line at the restaurant's price.
    const dineIn = (await call('GET', `/v2/cart?guest_id=${g.id}&dine_in=true`, g.token)).json().data;
    const dineUnit = priceProductLine(
      { ...p, unit_price: p.price },
      {
        attribute_values: Object.fromEntries(
          p.attributes.map((a) => [a.id, (a.values.find((x) => x.is_default) ?? a.values[0])?.id as number]),
        ),
        modifiers: [],
        quantity: 1,
      },
    ).unit_price;
    expect(dineIn.items[0].item_total).toBe(dineUnit * 2);
  });

  it('adds a half-and-half item with its two portions, a deal and a combo', async () => {
    const g = await newGuest();
    const halves = menu.products.filter(
      (p) => p.is_half_and_half && p.is_available && p.modifier_groups.every((m) => m.min_select === 0),
    );
    const [a, b] = [halves[0] as MenuProduct, halves[1] as MenuProduct];
    const half = productBody(a, {
      is_half_and_half: true,
      portions: [
        { restaurant_product_id: a.id, product_id: a.product_id, modifiers: [] },
        { restaurant_product_id: b.id, product_id: b.product_id, modifiers: [] },
      ],
    });
    expect((await call('POST', '/v2/cart', g.token, half)).statusCode).toBe(201);

    const deal = deals.deals.find((d) => d.is_available) as Deals['deals'][number];
    const dealChildren = deal.deal_component_types.map((slot) => {
      const choice = slot.choices.find((c) => c.is_available) as (typeof slot.choices)[number];
      return {
        deal_component_type_id: slot.id,
        restaurant_product_id: choice.restaurant_product_id,
        product_id: choice.product_id,
        quantity: slot.quantity,
      };
    });
    const dealRes = await call('POST', '/v2/cart', g.token, {
      restaurant_id: ids['surry-hills'],
      deal_id: deal.id,
      quantity: 1,
      notes: '',
      children: dealChildren,
    });
    expect(dealRes.statusCode).toBe(201);

    const combo = combos.combos.find((c) => c.is_available) as Combos['combos'][number];
    const comboChildren = combo.combo_products.map((slot) => {
      const choice = slot.choices.find((c) => c.is_available) as (typeof slot.choices)[number];
      return {
        combo_product_slot_id: slot.id,
        restaurant_product_id: choice.restaurant_product_id,
        product_id: choice.product_id,
        quantity: slot.quantity,
      };
    });
    const comboBody = {
      restaurant_id: ids['surry-hills'],
      combo_product_id: combo.id,
      quantity: 1,
      notes: '',
      children: comboChildren,
    };
    expect((await call('POST', '/v2/cart', g.token, comboBody)).statusCode).toBe(201);
    // A slot filled with the wrong count is refused.
    const short = { ...comboBody, children: comboChildren.slice(1) };
    expect((await call('POST', '/v2/cart', g.token, short)).statusCode).toBe(400);

    const cart = (await call('GET', '/v2/cart', g.token)).json().data;
    expect(cart.items).toHaveLength(3);
    const [h, d, c] = cart.items;
    expect(h.is_half_and_half).toBe(true);
    expect(h.cart_portions.map((x: { restaurant_product_id: number }) => x.restaurant_product_id)).toEqual([
      a.id,
      b.id,
    ]);
    expect(h.item_total).toBe(
      priceProductLine(a, {
        attribute_values: Object.fromEntries(
          a.attributes.map((x) => [x.id, (x.values.find((v) => v.is_default) ?? x.values[0])?.id as number]),
        ),
        modifiers: [],
        quantity: 1,
        second_half: { product: b, modifiers: [] },
      }).unit_price,
    );
    const extras = (
      children: { restaurant_product_id: number; quantity: number }[],
      slots: typeof deal.deal_component_types,
    ) =>
      children.reduce((sum, child, i) => {
        const choice = slots[i]?.choices.find((x) => x.restaurant_product_id === child.restaurant_product_id);
        return sum + (choice?.extra_price ?? 0) * child.quantity;
      }, 0);
    expect(d).toMatchObject({
      deal_id: deal.id,
      deals: { name: deal.name },
      item_total: deal.unit_price + extras(dealChildren, deal.deal_component_types),
    });
    expect(d.deal_component_types).toHaveLength(dealChildren.length);
    expect(c).toMatchObject({
      combo_product_id: combo.id,
      combo_products: { name: combo.name },
      item_total: combo.unit_price + extras(comboChildren, combo.combo_products),
    });
    expect(cart.total).toBe(h.item_total + d.item_total + c.item_total);
  });

  it('updates quantities (1..99), removes a line, clears the cart', async () => {
    const g = await newGuest();
    const other = await newGuest();
    const p = simple();
    const first = (await call('POST', '/v2/cart', g.token, productBody(p))).json().data.id;
    const second = (await call('POST', '/v2/cart', g.token, productBody(p))).json().data.id;

    const put = await call('PUT', '/cart/update-cart', g.token, { cart_id: first, quantity: 5 });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({ id: first, quantity: 5 });
    for (const quantity of [0, 100, 1.5]) {
      expect((await call('PUT', '/cart/update-cart', g.token, { cart_id: first, quantity })).statusCode).toBe(400);
    }
    const unknown = await call('PUT', '/cart/update-cart', g.token, { cart_id: first, quantity: 2, price: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ price: 'Unknown field' });
    // Another guest's line is not found, and stays as it is.
    expect((await call('PUT', '/cart/update-cart', other.token, { cart_id: first, quantity: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/v2/cart/${first}`, other.token)).statusCode).toBe(404);
    let cart = (await call('GET', '/v2/cart', g.token)).json().data;
    expect(cart.item_count).toBe(6);
    expect(cart.items[0].item_total).toBe(expectedUnit(p) * 5);

    expect((await call('DELETE', `/v2/cart/${second}`, g.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/v2/cart/${second}`, g.token)).statusCode).toBe(404);
    cart = (await call('GET', '/v2/cart', g.token)).json().data;
    expect(cart.items.map((i: { id: number }) => i.id)).toEqual([first]);

    // Clearing empties only the caller's cart.
    await call('POST', '/v2/cart', other.token, productBody(p));
    const clear = await call('DELETE', '/v2/cart/clear', g.token, { guest_id: g.id });
    expect(clear.statusCode).toBe(200);
    expect((await call('GET', '/v2/cart', g.token)).json().data.items).toEqual([]);
    expect((await call('GET', '/v2/cart', other.token)).json().data.item_count).toBe(1);
    expect((await call('DELETE', '/v2/cart/clear', other.token, { guest_id: g.id })).statusCode).toBe(403);
  });

  it("clears the caller's own cart when DELETE /v2/cart/clear has no body (spec §7), as with {}", async () => {
    const g = await newGuest();
    const other = await newGuest();
    const p = simple();
    await call('POST', '/v2/cart', g.token, productBody(p));
    await call('POST', '/v2/cart', other.token, productBody(p));

    const clear = await call('DELETE', '/v2/cart/clear', g.token);
    expect(clear.statusCode).toBe(200);
    expect(clear.json().error).toBeNull();
    expect((await call('GET', '/v2/cart', g.token)).json().data.items).toEqual([]);
    expect((await call('GET', '/v2/cart', other.token)).json().data.item_count).toBe(1);

    // Nor does a JSON content type with nothing sent (curl -H 'content-type: application/json').
    await call('POST', '/v2/cart', g.token, productBody(p));
    const typed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v2/cart/clear',
      headers: { ...bearer(g.token), 'content-type': 'application/json' },
    });
    expect(typed.statusCode).toBe(200);
    expect((await call('GET', '/v2/cart', g.token)).json().data.items).toEqual([]);

    await call('POST', '/v2/cart', g.token, productBody(p));
    expect((await call('DELETE', '/v2/cart/clear', g.token, {})).statusCode).toBe(200);
    expect((await call('GET', '/v2/cart', g.token)).json().data.items).toEqual([]);
    // Still the caller's identity only: no token is 401, and a non-object body is refused.
    expect((await call('DELETE', '/v2/cart/clear', null)).statusCode).toBe(401);
    expect((await call('DELETE', '/v2/cart/clear', g.token, [])).statusCode).toBe(400);
  });

  // An add after a full check is one conditional insert on what that check saw (decision 062).
  it('an add is still refused once the restaurant is paused or the product is switched off', async () => {
    const g = await newGuest();
    const p = simple();
    const restaurantId = ids['surry-hills'] as number;
    expect((await call('POST', '/v2/cart', g.token, productBody(p))).statusCode).toBe(201);
    const controls = await ctx.db
      .selectFrom('ordering_controls')
      .select('paused_until')
      .where('tenant_id', '=', tenantId)
      .where('restaurant_id', '=', restaurantId)
      .executeTakeFirst();
    const pausedUntil = new Date(Date.now() + 3_600_000).toISOString();
    if (controls) {
      await ctx.db
        .updateTable('ordering_controls')
        .set({ paused_until: pausedUntil })
        .where('restaurant_id', '=', restaurantId)
        .execute();
    } else {
      await ctx.db
        .insertInto('ordering_controls')
        .values({ tenant_id: tenantId, restaurant_id: restaurantId, paused_until: pausedUntil })
        .execute();
    }
    try {
      const paused = await call('POST', '/v2/cart', g.token, productBody(p));
      expect(paused.statusCode).toBe(422);
      expect(paused.json().error.message).toBe("We're not accepting online orders at the moment.");
    } finally {
      if (controls) {
        await ctx.db.updateTable('ordering_controls').set(controls).where('restaurant_id', '=', restaurantId).execute();
      } else {
        await ctx.db.deleteFrom('ordering_controls').where('restaurant_id', '=', restaurantId).execute();
      }
    }
    expect((await call('POST', '/v2/cart', g.token, productBody(p))).statusCode).toBe(201);
    const bump = () =>
      ctx.db
        .updateTable('catalogue_versions')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .execute();
    await ctx.db.updateTable('restaurant_products').set({ is_available: 0 }).where('id', '=', p.id).execute();
    await bump();
    try {
      const off = await call('POST', '/v2/cart', g.token, productBody(p));
      expect(off.statusCode, off.body).toBeGreaterThanOrEqual(400);
      expect(off.statusCode, off.body).toBeLessThan(500);
    } finally {
      await ctx.db.updateTable('restaurant_products').set({ is_available: 1 }).where('id', '=', p.id).execute();
      await bump();
    }
    expect((await call('POST', '/v2/cart', g.token, productBody(p))).statusCode).toBe(201);
    expect((await call('GET', '/v2/cart', g.token)).json().data.items).toHaveLength(3);
  });

  it("refuses another identity's ids with 403", async () => {
    const g = await newGuest();
    const other = await newGuest();
    expect((await call('GET', `/v2/cart?guest_id=${other.id}`, g.token)).statusCode).toBe(403);
    expect((await call('GET', `/v2/cart?user_id=1`, g.token)).statusCode).toBe(403);
    const res = await call('POST', '/v2/cart', g.token, productBody(simple(), { guest_id: other.id }));
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/v2/cart', other.token)).json().data.items).toEqual([]);
  });

  it("refuses other tenants' restaurants and products of another restaurant; bad choices get 400", async () => {
    const g = await newGuest();
    expect(
      (await call('POST', '/v2/cart', g.token, productBody(simple(), { restaurant_id: 999_999 }))).statusCode,
    ).toBe(404);
    // Gamberi is sold at Surry Hills only.
    const gamberi = byName(menu, 'Gamberi');
    const wrong = await call('POST', '/v2/cart', g.token, productBody(gamberi, { restaurant_id: ids.parramatta }));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.message).toBe('Product not found');
    const p = simple();
    const badModifier = await call(
      'POST',
      '/v2/cart',
      g.token,
      productBody(p, { modifiers: [{ modifier_id: 999_999, quantity: 1, configurations: [] }] }),
    );
    expect(badModifier.statusCode).toBe(400);
    const unavailable = byName(menu, 'Tiramisu');
    expect((await call('POST', '/v2/cart', g.token, productBody(unavailable))).statusCode).toBe(422);
    expect((await call('GET', '/v2/cart', g.token)).json().data.items).toEqual([]);
  });

  it('keeps one restaurant per cart', async () => {
    const g = await newGuest();
    expect((await call('POST', '/v2/cart', g.token, productBody(simple()))).statusCode).toBe(201);
    const margherita = byName(parraMenu, 'Margherita');
    const res = await call('POST', '/v2/cart', g.token, productBody(margherita, { restaurant_id: ids.parramatta }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'Your cart has items from another restaurant. Clear your cart to order from this one.',
    );
  });

  it('enforces the limits: quantity 1..99, notes up to 500, 100 lines; nothing changes', async () => {
    const g = await newGuest();
    const p = simple();
    for (const extra of [{ quantity: 0 }, { quantity: 100 }, { notes: 'x'.repeat(501) }, { price: 1 }]) {
      expect((await call('POST', '/v2/cart', g.token, productBody(p, extra))).statusCode).toBe(400);
    }
    expect((await call('POST', '/v2/cart', g.token, productBody(p, { notes: 'x'.repeat(500) }))).statusCode).toBe(201);
    const row = await ctx.db
      .selectFrom('cart_items')
      .selectAll()
      .where('guest_id', '=', g.id)
      .executeTakeFirstOrThrow();
    const { id: _id, created_at: _c, updated_at: _u, ...copy } = row;
    for (let i = 0; i < 99; i++) await ctx.db.insertInto('cart_items').values(copy).execute();
    const full = await call('POST', '/v2/cart', g.token, productBody(p));
    expect(full.statusCode).toBe(400);
    expect(full.json().error.message).toBe('Your cart is full (at most 100 items)');
    expect((await call('GET', '/v2/cart', g.token)).json().data.items).toHaveLength(100);
  });

  it("answers 400 'Invalid coupon code' for an unknown code", async () => {
    const g = await newGuest();
    await call('POST', '/v2/cart', g.token, productBody(simple()));
    const res = await call('GET', '/v2/cart?coupon_code=NOPE&is_cash_on_delivery_opt=1', g.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      data: null,
      error: { code: 'bad_request', message: 'Invalid coupon code', request_id: expect.any(String) },
    });
  });

  it('refuses adds with 422 while online ordering is switched off', async () => {
    const g = await newGuest();
    await whileOnlineOrderingOff(ctx.db, 139, async () => {
      const res = await call('POST', '/v2/cart', g.token, productBody(simple()));
      expect(res.statusCode).toBe(422);
      expect((await call('GET', '/v2/cart', g.token)).json().data.items).toEqual([]);
    });
  });

  it("merges a guest's cart into the user's cart on sign-in", async () => {
    const password = 'correct horse battery';
    const user = await signUp(ctx.app, ctx.db, 'cart.merge@example.test', { password });
    const p = simple();
    expect((await call('POST', '/v2/cart', user.token, productBody(p, { user_id: user.user.id }))).statusCode).toBe(
      201,
    );
    const g = await newGuest();
    await call('POST', '/v2/cart', g.token, productBody(p, { quantity: 3 }));
    const login = await logIn(ctx.app, 'cart.merge@example.test', password, bearer(g.token));
    expect(login.statusCode).toBe(200);
    const token = login.json().data.token as string;
    const cart = (await call('GET', `/v2/cart?user_id=${user.user.id}`, token)).json().data;
    expect(cart.items.map((i: { quantity: number }) => i.quantity)).toEqual([1, 3]);
    expect(cart.item_count).toBe(4);
  });
});
