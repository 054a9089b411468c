import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  combosResponseSchema,
  dealsResponseSchema,
  type Menu,
  type MenuProduct,
  menuResponseSchema,
  productResponseSchema,
} from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueService } from '../src/modules/catalogue/service.js';
import { createTestApp, type TestContext } from './support/app.js';
import { addAustralianTenant } from './support/tenants.js';

describe('catalogue and menus', () => {
  let ctx: TestContext;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    for (const r of await ctx.db.selectFrom('restaurants').select(['id', 'slug']).execute()) ids[r.slug] = r.id;
  });
  afterAll(() => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const menuOf = async (slug: string, channel?: string): Promise<Menu> => {
    const res = await get(`/api/v2/restaurants/${ids[slug]}/menu${channel ? `?channel=${channel}` : ''}`);
    expect(res.statusCode).toBe(200);
    return menuResponseSchema.parse(res.json()).data;
  };
  const byName = (menu: Menu, name: string): MenuProduct | undefined =>
    menu.products.find((p) => p.products.name === name);

  describe('the demo seed', () => {
    it('has 7 categories, 42 products, and both open restaurants sell most of them', async () => {
      expect((await ctx.db.selectFrom('categories').select('id').execute()).length).toBeGreaterThanOrEqual(6);
      expect((await ctx.db.selectFrom('products').select('id').execute()).length).toBeGreaterThanOrEqual(40);
      const surry = await menuOf('surry-hills');
      const parra = await menuOf('parramatta');
      expect(surry.categories.map((c) => c.name)).toEqual([
        'Wood-fired Pizzas',
        'Pasta',
        'From the Grill',
        'Salads',
        'Sides',
        'Desserts',
        'Drinks',
      ]);
      expect(surry.products.length).toBe(42);
      expect(parra.products.length).toBe(39);
      expect(byName(parra, 'Gamberi')).toBeUndefined();
      expect(surry.products.filter((p) => p.is_half_and_half).length).toBe(10);
      for (const p of surry.products)
        expect(p.products.image.image_url).toMatch(/^\/images\/menu\/dishes\/[a-z0-9-]+\.svg$/);
    });

    it('has items out of stock: switched off or counted down to 0', async () => {
      expect(byName(await menuOf('surry-hills'), 'Tiramisu')?.is_available).toBe(false);
      const parra = await menuOf('parramatta');
      expect(byName(parra, 'Tiramisu')?.is_available).toBe(true);
      expect(byName(parra, 'Prosciutto e Rucola')).toMatchObject({ is_available: false, stock_count: 0 });
      expect(byName(parra, 'Lamb Cutlets')?.is_available).toBe(false);
    });
  });

  describe('GET /api/v2/restaurants/:id/menu', () => {
    it('prices online with online_price and in the restaurant with price, per restaurant', async () => {
      const cases = [
        ['surry-hills', 'online', 1900],
        ['surry-hills', 'in_store', 1800],
        ['surry-hills', 'dine_in', 1800],
        ['parramatta', 'online', 1850],
        ['parramatta', 'dine_in', 1750],
      ] as const;
      for (const [slug, channel, cents] of cases) {
        const menu = await menuOf(slug, channel);
        expect(menu.channel).toBe(channel);
        expect(byName(menu, 'Margherita')).toMatchObject({ unit_price: cents, is_half_and_half: true });
      }
      const online = byName(await menuOf('surry-hills'), 'Margherita');
      expect(online).toMatchObject({ price: 1800, online_price: 1900, unit_price: 1900 });
      const cheese = online?.modifier_groups[0]?.modifiers.find((m) => m.name === 'Extra cheese');
      expect(cheese).toMatchObject({ price: 250, online_price: 300, unit_price: 300, max_quantity: 2 });
      expect(cheese?.configurations.map((c) => [c.name, c.price_adjustment])).toEqual([
        ['Mozzarella', 0],
        ['Buffalo mozzarella', 150],
      ]);
      const inStoreCheese = byName(await menuOf('surry-hills', 'in_store'), 'Margherita')?.modifier_groups[0]
        ?.modifiers[0];
      expect(inStoreCheese?.unit_price).toBe(250);
      expect(online?.attributes[0]?.values.map((v) => [v.display_value, v.price_adjustment, v.is_default])).toEqual([
        ['Regular', 0, true],
        ['Large', 400, false],
        ['Family', 800, false],
      ]);
      const steak = byName(await menuOf('surry-hills'), 'Scotch Fillet 300 g');
      expect(steak?.modifier_groups.map((g) => [g.name, g.min_select, g.max_select])).toEqual([
        ['Cooking', 1, 1],
        ['Sauce', 1, 2],
      ]);
    });

    it('answers 304 to a matching If-None-Match, and sends the cached body otherwise', async () => {
      const url = `/api/v2/restaurants/${ids['surry-hills']}/menu?channel=online`;
      const first = await get(url);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"menu-\d+-online-v\d+"$/);
      // Public for a few seconds, then served while it revalidates (decision 034).
      expect(first.headers['cache-control']).toBe('public, no-cache');
      expect(first.headers.vary).toContain('accept-encoding');
      const second = await get(url);
      expect(second.headers.etag).toBe(etag);
      expect(second.body).toBe(first.body);
      const notModified = await get(url, { 'if-none-match': etag });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
      expect((await get(url, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
      expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
      const inStore = await get(`/api/v2/restaurants/${ids['surry-hills']}/menu?channel=in_store`);
      expect(inStore.headers.etag).not.toBe(etag);
    });

    it('sends the body compressed once per version, brotli or gzip as the client accepts, with the same ETag', async () => {
      const url = `/api/v2/restaurants/${ids['surry-hills']}/menu?channel=online`;
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br', 'br', brotliDecompressSync],
        ['gzip', 'gzip', gunzipSync],
        ['br;q=0, gzip;q=0.8', 'gzip', gunzipSync],
      ] as const) {
        const res = await get(url, { 'accept-encoding': accept });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.etag).toBe(plain.headers.etag);
        expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
        // The same buffer for the next request of the version: compressed once, not per request.
        expect((await get(url, { 'accept-encoding': accept })).rawPayload.equals(res.rawPayload)).toBe(true);
        const notModified = await get(url, {
          'accept-encoding': accept,
          'if-none-match': plain.headers.etag as string,
        });
        expect(notModified.statusCode).toBe(304);
        expect(notModified.rawPayload.length).toBe(0);
      }
      expect((await get(url, { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    });

    it('moves to a new version when an item is switched off, and only for that restaurant', async () => {
      const url = `/api/v2/restaurants/${ids['surry-hills']}/menu`;
      const parraUrl = `/api/v2/restaurants/${ids.parramatta}/menu`;
      const before = await get(url);
      const parraBefore = await get(parraUrl);
      const menu = menuResponseSchema.parse(before.json()).data;
      const diavola = byName(menu, 'Diavola');
      expect(diavola?.is_available).toBe(true);

      await catalogueService(ctx.db).setRestaurantProductAvailability(139, diavola?.id ?? 0, false);

      const after = await get(url, { 'if-none-match': before.headers.etag as string });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const changed = menuResponseSchema.parse(after.json()).data;
      expect(changed.version).toBe(menu.version + 1);
      expect(byName(changed, 'Diavola')?.is_available).toBe(false);
      expect((await get(parraUrl, { 'if-none-match': parraBefore.headers.etag as string })).statusCode).toBe(304);

      await catalogueService(ctx.db).setRestaurantProductAvailability(139, diavola?.id ?? 0, true);
      expect(byName(await menuOf('surry-hills'), 'Diavola')?.is_available).toBe(true);
    });

    it('answers 404 for an unknown, inactive or other tenant restaurant', async () => {
      const notFound = {
        data: null,
        error: { code: 'not_found', message: 'Restaurant not found', request_id: expect.any(String) },
      };
      for (const id of [999_999, ids['bondi-beach']]) {
        const res = await get(`/api/v2/restaurants/${id}/menu`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
      await addAustralianTenant(ctx.db, 240, { name: 'Other Pizza' });
      const { id: otherRestaurant } = await ctx.db
        .insertInto('restaurants')
        .values({
          tenant_id: 240,
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
      // Tenant 139's storefront cannot read the other tenant's restaurant, nor the reverse.
      expect((await get(`/api/v2/restaurants/${otherRestaurant}/menu`)).statusCode).toBe(404);
      const cross = await get(`/api/v2/restaurants/${ids['surry-hills']}/menu`, { host: 'other.example' });
      expect(cross.statusCode).toBe(404);
      const own = await get(`/api/v2/restaurants/${otherRestaurant}/menu`, { host: 'other.example' });
      expect(menuResponseSchema.parse(own.json()).data).toMatchObject({ categories: [], products: [] });
      for (const kind of ['deals', 'combos']) {
        expect(
          (await get(`/api/v2/restaurants/${ids['surry-hills']}/${kind}`, { host: 'other.example' })).statusCode,
        ).toBe(404);
      }
      // Nor switch its products.
      const margherita = byName(await menuOf('surry-hills'), 'Margherita');
      await expect(
        catalogueService(ctx.db).setRestaurantProductAvailability(240, margherita?.id ?? 0, false),
      ).rejects.toMatchObject({ code: 'not_found' });
      expect(byName(await menuOf('surry-hills'), 'Margherita')?.is_available).toBe(true);
    });

    it('answers 400 naming the bad parameter', async () => {
      const bad = [
        [`/api/v2/restaurants/${ids['surry-hills']}/menu?channel=kiosk`, 'channel'],
        ['/api/v2/restaurants/abc/menu', 'restaurant_id'],
        ['/api/v2/restaurants/-3/menu', 'restaurant_id'],
        ['/api/v2/restaurants/99999999999/menu', 'restaurant_id'],
        [`/api/v2/restaurants/${ids['surry-hills']}/products/1.5`, 'restaurant_product_id'],
        [`/api/v2/restaurants/${ids['surry-hills']}/menu?colour=red`, ''],
      ] as const;
      for (const [url, field] of bad) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.code).toBe('bad_request');
        if (field) expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
        else expect(JSON.stringify(res.json().error)).toContain('colour');
      }
    });
  });

  describe('GET /api/v2/restaurants/:id/products/:restaurant_product_id', () => {
    it('answers the product as the menu has it, with an ETag', async () => {
      const menu = await menuOf('parramatta', 'dine_in');
      const pasta = byName(menu, 'Spaghetti Carbonara') as MenuProduct;
      const url = `/api/v2/restaurants/${ids.parramatta}/products/${pasta.id}?channel=dine_in`;
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(productResponseSchema.parse(res.json()).data).toEqual(pasta);
      expect((await get(url, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
    });

    it("answers 404 for another restaurant's product", async () => {
      const surry = byName(await menuOf('surry-hills'), 'Gamberi') as MenuProduct;
      const res = await get(`/api/v2/restaurants/${ids.parramatta}/products/${surry.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        code: 'not_found',
        message: 'Product not found',
        request_id: expect.any(String),
      });
    });
  });

  it('publishes the catalogue calls in the OpenAPI description', async () => {
    const doc = (await get('/api/docs/json')).json();
    for (const path of ['menu', 'products/{restaurant_product_id}', 'deals', 'combos']) {
      expect(doc.paths).toHaveProperty([`/api/v2/restaurants/{restaurant_id}/${path}`]);
    }
  });

  describe('deals and combos', () => {
    it('lists 2 deals with their component types and channel prices', async () => {
      const url = `/api/v2/restaurants/${ids['surry-hills']}/deals`;
      const online = dealsResponseSchema.parse((await get(url)).json()).data;
      const inStore = dealsResponseSchema.parse((await get(`${url}?channel=in_store`)).json()).data;
      expect(online.deals.map((d) => [d.name, d.unit_price])).toEqual([
        ['2 Large Pizzas + Drink', 5090],
        ['Pasta Night for Two', 5590],
      ]);
      expect(inStore.deals.map((d) => d.unit_price)).toEqual([4990, 5490]);
      const [pizzas, drink] = online.deals[0]?.deal_component_types ?? [];
      expect(pizzas).toMatchObject({ name: 'Large pizza', quantity: 2 });
      expect(drink).toMatchObject({ name: 'Drink', quantity: 1 });
      expect(pizzas?.choices).toHaveLength(10);
      expect(pizzas?.choices.find((c) => c.name === 'Gamberi')?.extra_price).toBe(300);
      expect(pizzas?.choices.find((c) => c.name === 'Margherita')?.extra_price).toBe(0);
      const etag = (await get(url)).headers.etag as string;
      expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    });

    it('lists 2 combos; a choice out of stock is marked so', async () => {
      const res = await get(`/api/v2/restaurants/${ids.parramatta}/combos?channel=dine_in`);
      const { combos } = combosResponseSchema.parse(res.json()).data;
      expect(combos.map((c) => [c.name, c.unit_price, c.combo_products.map((s) => s.name)])).toEqual([
        ['Pizza Lunch Combo', 2140, ['Pizza', 'Drink']],
        ['Grill Combo', 4440, ['Main', 'Side', 'Drink']],
      ]);
      const pizzas = combos[0]?.combo_products[0]?.choices ?? [];
      expect(pizzas.find((c) => c.name === 'Prosciutto e Rucola')?.is_available).toBe(false);
      expect(pizzas.find((c) => c.name === 'Gamberi')).toBeUndefined();
    });
  });
});
