import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, fromZoned, type Menu, type MenuProduct, toZoned } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRepository } from '../src/modules/catalogue/repository.js';
import { fulfilmentService } from '../src/modules/fulfilment/service.js';
import { createTestApp, type TestContext } from './support/app.js';
import { bearer, signInAs, tenantId } from './support/auth.js';
import { pngOf } from './support/images.js';
import { addOtherBusiness } from './support/tenants.js';

let ctx: TestContext;
let uploadsDir: string;
const ids: Record<string, number> = {};
const tokens: Record<'owner' | 'manager' | 'staff' | 'customer' | 'otherOwner', string> = {} as never;
let otherRestaurant: number;

beforeAll(async () => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
  ctx = await createTestApp({ config: { uploadsDir } });
  for (const r of await ctx.db.selectFrom('restaurants').select(['id', 'slug']).execute()) ids[r.slug] = r.id;
  for (const role of ['owner', 'manager', 'staff', 'customer'] as const) tokens[role] = await signInAs(ctx.app, role);
  // Another business with its own owner and restaurant.
  const other = await addOtherBusiness(ctx.app, ctx.db);
  otherRestaurant = other.restaurantId;
  tokens.otherOwner = other.ownerToken;
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: unknown, headers = {}) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as never }),
  });

const surry = () => ids['surry-hills'] as number;
const parra = () => ids.parramatta as number;
const readMenu = async (restaurantId = surry()) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/v2/restaurants/${restaurantId}/menu` })).json().data as Menu;
const byName = (menu: Menu, name: string) => menu.products.find((p) => p.products.name === name) as MenuProduct;

async function newGuest() {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/auth/guest', payload: { tenant_id: tenantId } });
  const { guest_token, guest } = res.json().data;
  return { token: guest_token as string, id: guest.guest_id as number };
}

function productBody(p: MenuProduct, restaurantId = surry()) {
  return {
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
  };
}

/** A product with no required choices, on sale, at Surry Hills. */
async function simpleProduct(skip: string[] = []) {
  return (await readMenu()).products.find(
    (p) =>
      p.is_available &&
      !p.is_half_and_half &&
      !skip.includes(p.products.name) &&
      p.modifier_groups.every((g) => g.min_select === 0),
  ) as MenuProduct;
}

describe('GET /api/v2/admin/me', () => {
  it('answers each role its abilities and restaurants: owner all, manager and staff their own', async () => {
    const owner = (await call('GET', '/v2/admin/me', tokens.owner)).json().data;
    expect(owner.user.role).toBe('owner');
    expect(owner.abilities).toMatchObject({ orders: true, menu: true, theme: true, staff: true });
    expect(owner.restaurants.map((r: { id: number }) => r.id).sort()).toEqual(
      [surry(), parra(), ids['bondi-beach']].sort(),
    );
    const manager = (await call('GET', '/v2/admin/me', tokens.manager)).json().data;
    expect(manager.abilities).toMatchObject({
      menu: true,
      coupons: true,
      giftCardsManage: true,
      reservations: true,
      theme: false,
    });
    expect(manager.restaurants.map((r: { id: number }) => r.id).sort()).toEqual([surry(), parra()].sort());
    const staff = (await call('GET', '/v2/admin/me', tokens.staff)).json().data;
    expect(staff.abilities).toMatchObject({
      orders: true,
      availability: true,
      pause: true,
      giftCards: true,
      giftCardsManage: false,
      menu: false,
    });
    expect(staff.restaurants.map((r: { id: number }) => r.id)).toEqual([surry()]);
  });

  it('is 401 without a token and 403 for a customer', async () => {
    expect((await call('GET', '/v2/admin/me', null)).statusCode).toBe(401);
    expect((await call('GET', '/v2/admin/me', tokens.customer)).statusCode).toBe(403);
  });
});

describe('who may call what (every back-office call)', () => {
  type Case = {
    name: string;
    method: Method;
    url: () => string;
    body?: () => unknown;
    /** The lowest role allowed. */
    min: 'staff' | 'manager' | 'owner';
  };
  let product: MenuProduct;
  beforeAll(async () => {
    product = await simpleProduct();
  });
  const cases: Case[] = [
    { name: 'menu', method: 'GET', url: () => `/v2/admin/menu?restaurant_id=${surry()}`, min: 'staff' },
    {
      name: 'availability',
      method: 'PATCH',
      url: () => `/v2/admin/products/${product.id}/availability`,
      body: () => ({ restaurant_id: surry(), available: true }),
      min: 'staff',
    },
    {
      name: 'modifier availability',
      method: 'PATCH',
      url: () => `/v2/admin/modifiers/1/availability`,
      body: () => ({ restaurant_id: surry(), available: true }),
      min: 'staff',
    },
    {
      name: 'product edit',
      method: 'PATCH',
      url: () => `/v2/admin/products/${product.id}`,
      body: () => ({ restaurant_id: surry(), online_price: product.online_price }),
      min: 'manager',
    },
    { name: 'ordering', method: 'GET', url: () => `/v2/admin/ordering?restaurant_id=${surry()}`, min: 'staff' },
    {
      name: 'ordering switches',
      method: 'PATCH',
      url: () => '/v2/admin/ordering',
      body: () => ({ restaurant_id: surry(), busy_minutes: 0 }),
      min: 'manager',
    },
    {
      name: 'pause',
      method: 'PUT',
      url: () => '/v2/admin/ordering/pause',
      body: () => ({ restaurant_id: surry(), minutes: 0 }),
      min: 'staff',
    },
    {
      name: 'reservations',
      method: 'GET',
      url: () => `/v2/admin/reservations?restaurant_id=${surry()}&date=2026-11-24`,
      min: 'manager',
    },
    { name: 'hours', method: 'GET', url: () => `/v2/admin/hours?restaurant_id=${surry()}`, min: 'manager' },
    { name: 'staff list', method: 'GET', url: () => '/v2/admin/staff', min: 'owner' },
  ];
  const below = { staff: [], manager: ['staff'], owner: ['staff', 'manager'] } as const;

  it.each(cases)('$name: 401 without a token, 403 for a customer and for another business', async (c) => {
    expect((await call(c.method, c.url(), null, c.body?.())).statusCode).toBe(401);
    const customer = await call(c.method, c.url(), tokens.customer, c.body?.());
    expect(customer.statusCode).toBe(403);
    expect(customer.json().error.code).toBe('forbidden');
    const other = await call(c.method, c.url(), tokens.otherOwner, c.body?.());
    // Another business's owner names a restaurant that is not theirs (the staff list is their own).
    if (c.name !== 'staff list') expect(other.statusCode).toBe(403);
  });

  it.each(cases)('$name: 403 for roles below the one it needs, 200 from it up', async (c) => {
    for (const role of below[c.min]) {
      expect((await call(c.method, c.url(), tokens[role], c.body?.())).statusCode, role).toBe(403);
    }
    const res = await call(c.method, c.url(), tokens[c.min], c.body?.());
    expect([200, 404], res.body).toContain(res.statusCode);
    if (c.name !== 'modifier availability') expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses staff at a restaurant they are not assigned to (403), owners may', async () => {
    expect((await call('GET', `/v2/admin/menu?restaurant_id=${parra()}`, tokens.staff)).statusCode).toBe(403);
    expect((await call('GET', `/v2/admin/menu?restaurant_id=${parra()}`, tokens.owner)).statusCode).toBe(200);
    expect((await call('GET', `/v2/admin/menu?restaurant_id=${otherRestaurant}`, tokens.owner)).statusCode).toBe(403);
  });

  it.each([
    ['GET', '/v2/admin/menu?restaurant_id=abc', undefined, 'restaurant_id'],
    ['GET', '/v2/admin/menu', undefined, 'restaurant_id'],
    ['PATCH', '/v2/admin/products/1/availability', { restaurant_id: 1, available: false }, 'until'],
    ['PATCH', '/v2/admin/products/1/availability', { restaurant_id: 1, available: true, extra: 1 }, 'extra'],
    ['PATCH', '/v2/admin/products/1', { restaurant_id: 1, price: -5 }, 'price'],
    ['PATCH', '/v2/admin/products/1', { restaurant_id: 1, price: 12.5 }, 'price'],
    ['PATCH', '/v2/admin/products/1', { restaurant_id: 1 }, 'price'],
    ['PATCH', '/v2/admin/ordering', { restaurant_id: 1, busy_minutes: 999 }, 'busy_minutes'],
    ['PUT', '/v2/admin/ordering/pause', { restaurant_id: 1, minutes: -1 }, 'minutes'],
    ['GET', '/v2/admin/reservations?restaurant_id=1&date=tomorrow', undefined, 'date'],
    ['PATCH', '/v2/admin/reservations/1/status', { restaurant_id: 1, status: 'confirmed' }, 'status'],
    ['PUT', '/v2/admin/staff/1/restaurants', { restaurant_ids: ['x'] }, 'restaurant_ids.0'],
    [
      'PUT',
      '/v2/admin/hours',
      { restaurant_id: 1, hours: [{ method: 'pickup', weekday: 7, opens_at: '09:00', closes_at: '17:00' }] },
      'hours.0.weekday',
    ],
    [
      'PUT',
      '/v2/admin/hours',
      { restaurant_id: 1, hours: [{ method: 'pickup', weekday: 1, opens_at: '9am', closes_at: '17:00' }] },
      'hours.0.opens_at',
    ],
  ] as const)('%s %s with bad input is 400 naming the field', async (method, url, body, field) => {
    const res = await call(method, url, tokens.owner, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
  });
});

describe("menu availability: an '86' shows at once in the menu and the cart", () => {
  it('marks a product out of stock until turned back: gone from ordering at once, back when turned on', async () => {
    const product = await simpleProduct();
    const guest = await newGuest();
    const add = await call('POST', '/v2/cart', guest.token, { ...productBody(product), guest_id: guest.id });
    expect(add.statusCode, add.body).toBe(201);
    const totalBefore = (await call('GET', `/v2/cart?guest_id=${guest.id}`, guest.token)).json().data.total;
    expect(totalBefore).toBeGreaterThan(0);

    const off = await call('PATCH', `/v2/admin/products/${product.id}/availability`, tokens.staff, {
      restaurant_id: surry(),
      available: false,
      until: 'turned_back',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ id: product.id, is_available: false, available_again_at: null });

    expect(byName(await readMenu(), product.products.name).is_available).toBe(false);
    const cart = (await call('GET', `/v2/cart?guest_id=${guest.id}`, guest.token)).json().data;
    expect(cart.items).toEqual([]);
    expect(cart.total).toBe(0);
    const again = await call('POST', '/v2/cart', guest.token, { ...productBody(product), guest_id: guest.id });
    expect(again.statusCode).toBe(422);

    const on = await call('PATCH', `/v2/admin/products/${product.id}/availability`, tokens.staff, {
      restaurant_id: surry(),
      available: true,
    });
    expect(on.json().data.is_available).toBe(true);
    expect(byName(await readMenu(), product.products.name).is_available).toBe(true);
    expect((await call('GET', `/v2/cart?guest_id=${guest.id}`, guest.token)).json().data.total).toBe(totalBefore);
  });

  it("for today: off until the restaurant's next local midnight, then on sale again without any write", async () => {
    const product = await simpleProduct();
    const res = await call('PATCH', `/v2/admin/products/${product.id}/availability`, tokens.owner, {
      restaurant_id: surry(),
      available: false,
      until: 'today',
    });
    const until = res.json().data.available_again_at as string;
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Australia/Sydney',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(until));
    expect(local).toBe('00:00');
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(0);
    expect(Date.parse(until) - Date.now()).toBeLessThanOrEqual(25 * 3600_000);
    expect(byName(await readMenu(), product.products.name).is_available).toBe(false);

    // The day ends: the mark's time passes (moved into the past, as the clock would).
    const past = new Date(Date.now() - 1000).toISOString();
    await ctx.db
      .updateTable('restaurant_products')
      .set({ available_again_at: past })
      .where('id', '=', product.id)
      .execute();
    await ctx.db
      .updateTable('catalogue_versions')
      .set({ next_change_at: past })
      .where('restaurant_id', '=', surry())
      .execute();
    const version = await catalogueRepository(ctx.db).version(tenantId, surry());
    const menu = await readMenu();
    expect(menu.version).toBe(version);
    expect(byName(menu, product.products.name).is_available).toBe(true);
  });

  it('marks a modifier option out of stock: the menu shows it unavailable and the cart refuses it', async () => {
    const menu = await readMenu();
    const product = menu.products.find(
      (p) =>
        p.is_available &&
        !p.is_half_and_half &&
        p.modifier_groups.every((g) => g.min_select === 0) &&
        p.modifier_groups.some((g) => g.modifiers.length > 0),
    ) as MenuProduct;
    const modifier = product.modifier_groups.flatMap((g) => g.modifiers)[0] as { id: number; name: string };
    const res = await call('PATCH', `/v2/admin/modifiers/${modifier.id}/availability`, tokens.staff, {
      restaurant_id: surry(),
      available: false,
      until: 'today',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: modifier.id, is_available: false });
    const after = byName(await readMenu(), product.products.name);
    expect(after.modifier_groups.flatMap((g) => g.modifiers).find((m) => m.id === modifier.id)?.is_available).toBe(
      false,
    );
    const guest = await newGuest();
    const add = await call('POST', '/v2/cart', guest.token, {
      ...productBody(product),
      guest_id: guest.id,
      modifiers: [{ modifier_id: modifier.id, quantity: 1, configurations: [] }],
    });
    expect(add.statusCode).toBe(400);
    await call('PATCH', `/v2/admin/modifiers/${modifier.id}/availability`, tokens.staff, {
      restaurant_id: surry(),
      available: true,
    });
  });

  it("answers 404 for another restaurant's product named with this restaurant", async () => {
    const parraProduct = (await readMenu(parra())).products[0] as MenuProduct;
    const res = await call('PATCH', `/v2/admin/products/${parraProduct.id}/availability`, tokens.staff, {
      restaurant_id: surry(),
      available: false,
      until: 'today',
    });
    expect(res.statusCode).toBe(404);
    expect(byName(await readMenu(parra()), parraProduct.products.name).is_available).toBe(parraProduct.is_available);
  });
});

describe('menu edits (manager and owner)', () => {
  it('changes the online price and the description: the menu and the cart total follow at once', async () => {
    const product = await simpleProduct();
    const guest = await newGuest();
    await call('POST', '/v2/cart', guest.token, { ...productBody(product), guest_id: guest.id });
    const before = (await call('GET', `/v2/cart?guest_id=${guest.id}`, guest.token)).json().data.total;
    const res = await call('PATCH', `/v2/admin/products/${product.id}`, tokens.manager, {
      restaurant_id: surry(),
      online_price: product.online_price + 250,
      description: 'Now with more basil.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = byName(await readMenu(), product.products.name);
    expect(after.online_price).toBe(product.online_price + 250);
    expect(after.products.description).toBe('Now with more basil.');
    expect((await call('GET', `/v2/cart?guest_id=${guest.id}`, guest.token)).json().data.total).toBe(before + 250);
  });

  it('uploads a product image: stored on disk, served, shown on the menu; refuses a fake or oversized file', async () => {
    const product = await simpleProduct();
    const png = await pngOf(64, 48);
    const url = `/v2/admin/products/${product.id}/image?restaurant_id=${surry()}`;
    const res = await call('PUT', url, tokens.manager, png, { 'content-type': 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const imageUrl = res.json().data.image_url as string;
    expect(imageUrl).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-64x48\.webp$/);
    expect(fs.existsSync(path.join(uploadsDir, imageUrl.slice('/uploads/'.length)))).toBe(true);
    const served = await ctx.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/webp');
    expect(byName(await readMenu(), product.products.name).products.image.image_url).toBe(imageUrl);

    const fake = await call('PUT', url, tokens.manager, Buffer.from('<svg onload="alert(1)"></svg>'), {
      'content-type': 'image/png',
    });
    expect(fake.statusCode).toBe(415);
    const text = await call('PUT', url, tokens.manager, { image: 'x' });
    expect(text.statusCode).toBe(415);
    const huge = await call('PUT', url, tokens.manager, Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), {
      'content-type': 'image/png',
    });
    expect(huge.statusCode).toBe(413);
    expect((await call('PUT', url, tokens.staff, png, { 'content-type': 'image/png' })).statusCode).toBe(403);
  });
});

describe('ordering controls', () => {
  afterAll(async () => {
    await call('PUT', '/v2/admin/ordering/pause', tokens.owner, { restaurant_id: surry(), minutes: 0 });
    await call('PATCH', '/v2/admin/ordering', tokens.owner, {
      restaurant_id: surry(),
      is_online_order_enabled: true,
      busy_minutes: 0,
      pickup_enabled: true,
    });
  });

  it('pausing (staff may) refuses cart adds with 422 and shows in app-settings; resuming lifts it', async () => {
    const product = await simpleProduct();
    const guest = await newGuest();
    const pause = await call('PUT', '/v2/admin/ordering/pause', tokens.staff, { restaurant_id: surry(), minutes: 15 });
    expect(pause.statusCode, pause.body).toBe(200);
    expect(pause.json().data).toMatchObject({ accepting_orders: false, is_online_order_enabled: true });
    const until = Date.parse(pause.json().data.paused_until);
    expect(until - Date.now()).toBeGreaterThan(14 * 60_000);

    const add = await call('POST', '/v2/cart', guest.token, { ...productBody(product), guest_id: guest.id });
    expect(add.statusCode).toBe(422);
    expect(add.json().error.message).toBe("We're not accepting online orders at the moment.");
    const settings = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/restaurants/app-settings?tenant_id=${tenantId}&restaurant_id=${surry()}`,
    });
    expect(settings.json().data[0]).toMatchObject({ is_online_order_enabled: 0 });
    expect(settings.json().data[0].ordering.paused_until).toBe(pause.json().data.paused_until);
    // Other restaurants are not paused.
    const parraAdd = await call('POST', '/v2/cart', (await newGuest()).token, {
      ...productBody(
        (await readMenu(parra())).products.find(
          (p) => p.is_available && p.modifier_groups.every((g) => g.min_select === 0),
        ) as MenuProduct,
        parra(),
      ),
    });
    expect(parraAdd.statusCode, parraAdd.body).toBe(201);

    const resume = await call('PUT', '/v2/admin/ordering/pause', tokens.staff, { restaurant_id: surry(), minutes: 0 });
    expect(resume.json().data).toMatchObject({ accepting_orders: true, paused_until: null });
    expect(
      (await call('POST', '/v2/cart', guest.token, { ...productBody(product), guest_id: guest.id })).statusCode,
    ).toBe(201);
  });

  it('switching online ordering off (manager) refuses cart adds with 422; back on allows them', async () => {
    const product = await simpleProduct();
    const guest = await newGuest();
    const off = await call('PATCH', '/v2/admin/ordering', tokens.manager, {
      restaurant_id: surry(),
      is_online_order_enabled: false,
    });
    expect(off.json().data).toMatchObject({ is_online_order_enabled: false, accepting_orders: false });
    const add = await call('POST', '/v2/cart', guest.token, { ...productBody(product), guest_id: guest.id });
    expect(add.statusCode).toBe(422);
    await call('PATCH', '/v2/admin/ordering', tokens.manager, {
      restaurant_id: surry(),
      is_online_order_enabled: true,
    });
    expect(
      (await call('POST', '/v2/cart', guest.token, { ...productBody(product), guest_id: guest.id })).statusCode,
    ).toBe(201);
  });

  it('busy mode pushes the first pickup time later by its minutes; a switched-off method offers no times', async () => {
    const date = addDays(toZoned(new Date(), 'Australia/Sydney').date, 2);
    const now = new Date(fromZoned(date, '12:00', 'Australia/Sydney') as string);
    const times = () =>
      fulfilmentService(ctx.db, { now: () => now }).times({ tenantId, restaurantId: surry(), method: 'pickup', date });
    const firstTime = async () =>
      Date.parse((await times()).times.find((t) => t.value !== 'asap')?.starts_at as string);
    const normal = await firstTime();
    await call('PATCH', '/v2/admin/ordering', tokens.manager, { restaurant_id: surry(), busy_minutes: 30 });
    const busy = await firstTime();
    expect(busy - normal).toBeGreaterThanOrEqual(15 * 60_000);
    expect(busy - normal).toBeLessThanOrEqual(45 * 60_000);
    expect(busy - now.getTime()).toBeGreaterThanOrEqual(30 * 60_000);

    await call('PATCH', '/v2/admin/ordering', tokens.manager, {
      restaurant_id: surry(),
      busy_minutes: 0,
      pickup_enabled: false,
    });
    expect(await times()).toMatchObject({ times: [], message: 'Pickup orders are not available at the moment.' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/restaurants/${surry()}/fulfilment-times?method=pickup`,
    });
    expect(res.json().data.message).toBe('Pickup orders are not available at the moment.');
    await call('PATCH', '/v2/admin/ordering', tokens.manager, { restaurant_id: surry(), pickup_enabled: true });
  });

  it('keeps busy minutes and method switches; a switched-off method is refused for orders', async () => {
    const res = await call('PATCH', '/v2/admin/ordering', tokens.owner, {
      restaurant_id: surry(),
      busy_minutes: 20,
      pickup_enabled: false,
    });
    expect(res.json().data).toMatchObject({ busy_minutes: 20, pickup_enabled: false, delivery_enabled: true });
    const { settingsService } = await import('../src/modules/settings/service.js');
    await expect(settingsService(ctx.db).assertOnlineOrdering(tenantId, surry(), 'pickup')).rejects.toMatchObject({
      statusCode: 422,
      message: 'Pickup orders are not available at the moment.',
    });
    await expect(settingsService(ctx.db).assertOnlineOrdering(tenantId, surry(), 'delivery')).resolves.toBeUndefined();
  });

  it("times asked at once for two restaurants each follow their own restaurant's switches", async () => {
    await call('PATCH', '/v2/admin/ordering', tokens.owner, {
      restaurant_id: surry(),
      busy_minutes: 0,
      pickup_enabled: false,
    });
    const date = addDays(toZoned(new Date(), 'Australia/Sydney').date, 2);
    const now = new Date(fromZoned(date, '12:00', 'Australia/Sydney') as string);
    const times = (restaurantId: number) =>
      fulfilmentService(ctx.db, { now: () => now }).times({ tenantId, restaurantId, method: 'pickup', date });
    const off = { times: [], message: 'Pickup orders are not available at the moment.' };
    const alone = await times(parra());
    expect(alone.message).not.toBe(off.message);
    const together = await Promise.all([surry(), parra(), surry(), parra()].map(times));
    expect(together).toMatchObject([off, alone, off, alone]);
    await call('PATCH', '/v2/admin/ordering', tokens.owner, { restaurant_id: surry(), pickup_enabled: true });
    expect((await times(surry())).message).not.toBe(off.message);
  });
});

describe('reservations of a day (manager and owner)', () => {
  async function book(name: string) {
    const date = addDays(toZoned(new Date(), 'Australia/Sydney').date, 2);
    const availability = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/reservations/availability?tenant_id=${tenantId}&restaurant_id=${surry()}&date=${date}&party_size=2`,
    });
    const slot = availability.json().data.slots[0];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/reservations',
      headers: { 'idempotency-key': `admin-test-${name}-${Date.now()}` },
      payload: {
        tenant_id: tenantId,
        restaurant_id: surry(),
        starts_at: slot.starts_at,
        party_size: 2,
        name,
        email: `${name.toLowerCase()}@example.com`,
        phone_no: '0412 000 111',
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return { reservation: res.json().data, date };
  }

  it('lists the day with statuses; seats, undoes, marks a no-show; cancels (freeing the table); refuses illegal moves', async () => {
    const { reservation, date } = await book('Ada');
    const list = await call('GET', `/v2/admin/reservations?restaurant_id=${surry()}&date=${date}`, tokens.manager);
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().data.reservations.find((r: { reference: string }) => r.reference === reservation.reference);
    expect(row).toMatchObject({ status: 'booked', party_size: 2, name: 'Ada' });

    const move = (status: string) =>
      call('PATCH', `/v2/admin/reservations/${row.id}/status`, tokens.manager, { restaurant_id: surry(), status });
    expect((await move('seated')).json().data.status).toBe('seated');
    expect((await move('cancelled')).statusCode).toBe(409);
    expect((await move('booked')).json().data.status).toBe('booked');
    expect((await move('no_show')).json().data.status).toBe('no_show');
    expect((await move('booked')).json().data.status).toBe('booked');
    // The customer's side keeps its own statuses.
    const stored = await ctx.db
      .selectFrom('reservations')
      .select(['status', 'visit_status'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'confirmed', visit_status: 'booked' });

    const slotBefore = await ctx.db
      .selectFrom('reservation_slots')
      .select('booked')
      .where('starts_at', '=', reservation.starts_at)
      .where('restaurant_id', '=', surry())
      .executeTakeFirstOrThrow();
    const cancelled = await move('cancelled');
    expect(cancelled.json().data.status).toBe('cancelled');
    const slotAfter = await ctx.db
      .selectFrom('reservation_slots')
      .select('booked')
      .where('starts_at', '=', reservation.starts_at)
      .where('restaurant_id', '=', surry())
      .executeTakeFirstOrThrow();
    expect(slotAfter.booked).toBe(slotBefore.booked - 1);
    expect((await move('booked')).statusCode).toBe(409);
    // Another restaurant's manager-less view: a restaurant the caller does not manage is 403.
    const otherTenant = await call('PATCH', `/v2/admin/reservations/${row.id}/status`, tokens.otherOwner, {
      restaurant_id: surry(),
      status: 'seated',
    });
    expect(otherTenant.statusCode).toBe(403);
  });
});

describe('opening hours (manager and owner)', () => {
  it('replaces the hours of one restaurant; the storefront shows them; a day left out is closed', async () => {
    const before = (await call('GET', `/v2/admin/hours?restaurant_id=${parra()}`, tokens.manager)).json().data;
    expect(before.hours.length).toBe(21);
    const hours = before.hours.filter(
      (h: { method: string; weekday: number }) => !(h.method === 'delivery' && h.weekday === 1),
    );
    const monday = hours.find((h: { method: string; weekday: number }) => h.method === 'pickup' && h.weekday === 1);
    monday.opens_at = '10:30';
    const res = await call('PUT', '/v2/admin/hours', tokens.manager, { restaurant_id: parra(), hours });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.hours).toHaveLength(20);
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/v2/restaurants/${parra()}?tenant_id=${tenantId}` })
    ).json().data;
    const week = (method: string) =>
      detail.opening_hours.find((m: { method: string }) => m.method === method).week as {
        weekday: number;
        ranges: { opens_at: string }[];
      }[];
    expect(week('pickup').find((d) => d.weekday === 1)?.ranges[0]?.opens_at).toBe('10:30');
    expect(week('delivery').find((d) => d.weekday === 1)?.ranges).toEqual([]);
    // The other restaurant is untouched, and staff may not change hours.
    expect(
      (await call('GET', `/v2/admin/hours?restaurant_id=${surry()}`, tokens.owner)).json().data.hours,
    ).toHaveLength(21);
    expect((await call('PUT', '/v2/admin/hours', tokens.staff, { restaurant_id: surry(), hours: [] })).statusCode).toBe(
      403,
    );
    await call('PUT', '/v2/admin/hours', tokens.manager, { restaurant_id: parra(), hours: before.hours });
  });
});

describe('staff accounts (owner)', () => {
  it('makes an existing account staff at a restaurant; unknown emails are 404, bad input 400', async () => {
    const email = 'new.cook@example.com';
    const { signUp } = await import('./support/auth.js');
    const session = await signUp(ctx.app, ctx.db, email, { password: 'cook password 1' });
    expect((await call('GET', '/v2/admin/me', session.token)).statusCode).toBe(403);
    const res = await call('POST', '/v2/admin/staff', tokens.owner, {
      email: 'New.Cook@example.com',
      role: 'staff',
      restaurant_ids: [parra()],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ email, role: 'staff', restaurant_ids: [parra()] });
    const me = (await call('GET', '/v2/admin/me', session.token)).json().data;
    expect(me.restaurants.map((r: { id: number }) => r.id)).toEqual([parra()]);
    expect(
      (await call('POST', '/v2/admin/staff', tokens.owner, { email: 'nobody@example.com', role: 'staff' })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/v2/admin/staff', tokens.owner, { email: 'not-an-email', role: 'staff' })).statusCode,
    ).toBe(400);
    expect((await call('POST', '/v2/admin/staff', tokens.owner, { email, role: 'owner' })).statusCode).toBe(400);
  });

  it('lists staff with their restaurants and reassigns a staff member', async () => {
    const list = (await call('GET', '/v2/admin/staff', tokens.owner)).json().data as {
      id: number;
      email: string;
      restaurant_ids: number[];
    }[];
    const staff = list.find((m) => m.email === 'staff@bellanonna.example') as (typeof list)[number];
    expect(staff.restaurant_ids).toEqual([surry()]);
    expect(list.some((m) => m.email === 'customer@bellanonna.example')).toBe(false);

    const res = await call('PUT', `/v2/admin/staff/${staff.id}/restaurants`, tokens.owner, {
      restaurant_ids: [surry(), parra()],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', `/v2/admin/menu?restaurant_id=${parra()}`, tokens.staff)).statusCode).toBe(200);
    expect(
      (
        await call('PUT', `/v2/admin/staff/${staff.id}/restaurants`, tokens.owner, {
          restaurant_ids: [otherRestaurant],
        })
      ).statusCode,
    ).toBe(403);
    await call('PUT', `/v2/admin/staff/${staff.id}/restaurants`, tokens.owner, { restaurant_ids: [surry()] });
    expect((await call('GET', `/v2/admin/menu?restaurant_id=${parra()}`, tokens.staff)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/v2/admin/staff/${staff.id}/restaurants`, tokens.manager, { restaurant_ids: [] })).statusCode,
    ).toBe(403);
  });
});
