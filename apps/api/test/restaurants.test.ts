import { addDays, localTimeIn } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewRestaurant } from '../src/db/schema.js';
import { createTestApp, type TestContext } from './support/app.js';

const demoTenant = 139;
const otherTenant = 4242;

function restaurant(overrides: Partial<NewRestaurant> & Pick<NewRestaurant, 'name' | 'slug'>): NewRestaurant {
  return {
    tenant_id: otherTenant,
    status: 1,
    street_name: '1 Harbour Road',
    suburb: 'Fremantle',
    city: 'Perth',
    state: 'WA',
    postcode: '6160',
    country: 'AU',
    phone: '(08) 9335 0000',
    email: 'hello@harbour.example',
    latitude: -32.05,
    longitude: 115.74,
    timezone: 'Australia/Perth',
    image_path: null,
    ...overrides,
  };
}

describe('restaurants', () => {
  let ctx: TestContext;
  let otherIds: { open: number; closed: number; inactive: number };

  beforeAll(async () => {
    ctx = await createTestApp();
    // A second business on the same database: it must never leak into the demo tenant's answers.
    await ctx.db
      .insertInto('tenants')
      .values({
        id: otherTenant,
        name: 'Harbour Fish Co',
        short_name: 'Harbour',
        slug: 'harbour',
        host: 'harbour.example',
        currency: 'AUD',
        locale: 'en-AU',
        timezone: 'Australia/Perth',
        tax_mode: 'inclusive',
        tax_rate_bps: 1000,
      })
      .execute();
    const insert = (row: NewRestaurant) =>
      ctx.db
        .insertInto('restaurants')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    otherIds = {
      open: await insert(
        restaurant({ name: 'Harbour Always Open', slug: 'always', image_path: '/images/harbour.svg' }),
      ),
      closed: await insert(restaurant({ name: 'Harbour Never Open', slug: 'never' })),
      inactive: await insert(restaurant({ name: 'Harbour Closed Down', slug: 'gone', status: 0 })),
    };
    // Open around the clock every day (a range from 00:00 to 00:00 runs past midnight into the next day).
    await ctx.db
      .insertInto('restaurant_hours')
      .values(
        [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
          tenant_id: otherTenant,
          restaurant_id: otherIds.open,
          method: 'pickup' as const,
          weekday,
          opens_at: '00:00',
          closes_at: '00:00',
        })),
      )
      .execute();
  });
  afterAll(() => ctx.close());

  const list = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/restaurants-with-images', payload: payload as object });

  describe('POST /api/restaurants-with-images', () => {
    it('lists the demo tenant’s two active restaurants, shaped as the spec reads them', async () => {
      const res = await list({ tenant_id: demoTenant, status: 1 });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.error).toBeNull();
      expect(body.data.map((e: { restaurant: { name: string } }) => e.restaurant.name)).toEqual([
        'Bella Nonna Parramatta',
        'Bella Nonna Surry Hills',
      ]);
      expect(body.data[1]).toEqual({
        restaurant: {
          id: expect.any(Number),
          name: 'Bella Nonna Surry Hills',
          status: 1,
          address: {
            street_name: '412 Crown Street',
            suburb: 'Surry Hills',
            city: 'Sydney',
            state: 'NSW',
            postcode: '2010',
            phone: '(02) 9360 4127',
          },
          timezone: 'Australia/Sydney',
          is_open_now: expect.any(Boolean),
          closed_reason: null,
        },
        attachment_paths: [{ upload_path: '/images/restaurants/surry-hills.svg' }],
      });
    });

    it('filters by status: status 0 gives only the inactive restaurant', async () => {
      const res = await list({ tenant_id: demoTenant, status: 0 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((e: { restaurant: { name: string; status: number } }) => e.restaurant)).toEqual([
        expect.objectContaining({ name: 'Bella Nonna Bondi Beach', status: 0 }),
      ]);
    });

    it("never shows one tenant another tenant's restaurants", async () => {
      const demo = (await list({ tenant_id: demoTenant, status: 1 })).json().data;
      const other = (await list({ tenant_id: otherTenant, status: 1 })).json().data;
      expect(demo.some((e: { restaurant: { name: string } }) => e.restaurant.name.startsWith('Harbour'))).toBe(false);
      expect(other.map((e: { restaurant: { id: number } }) => e.restaurant.id)).toEqual([
        otherIds.open,
        otherIds.closed,
      ]);
    });

    it('computes open now from the opening hours, and gives no attachment when there is no image', async () => {
      const other = (await list({ tenant_id: otherTenant, status: 1 })).json().data;
      expect(other[0]).toMatchObject({
        restaurant: { name: 'Harbour Always Open', is_open_now: true },
        attachment_paths: [{ upload_path: '/images/harbour.svg' }],
      });
      expect(other[1]).toMatchObject({ restaurant: { name: 'Harbour Never Open', is_open_now: false } });
      expect(other[1].attachment_paths).toEqual([]);
    });

    it('gives an unknown tenant an empty list', async () => {
      const res = await list({ tenant_id: 999_999, status: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [], error: null });
    });

    it.each([
      ['no tenant_id', { status: 1 }, 'tenant_id'],
      ['tenant_id as a string', { tenant_id: '139', status: 1 }, 'tenant_id'],
      ['tenant_id not an integer', { tenant_id: 139.5, status: 1 }, 'tenant_id'],
      ['tenant_id zero', { tenant_id: 0, status: 1 }, 'tenant_id'],
      ['no status', { tenant_id: demoTenant }, 'status'],
      ['status 2', { tenant_id: demoTenant, status: 2 }, 'status'],
      ['status as a string', { tenant_id: demoTenant, status: '1' }, 'status'],
      ['an unknown field', { tenant_id: demoTenant, status: 1, restaurant_id: 1 }, 'restaurant_id'],
    ])('answers 400 naming the field for %s', async (_name, payload, field) => {
      const res = await list(payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.data).toBeNull();
      expect(body.error.code).toBe('bad_request');
      expect(Object.keys(body.error.fields)).toContain(field);
    });

    it('answers 400 for a body that is not JSON or not an object', async () => {
      const malformed = await ctx.app.inject({
        method: 'POST',
        url: '/api/restaurants-with-images',
        headers: { 'content-type': 'application/json' },
        payload: '{"tenant_id": 139,',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.code).toBe('bad_request');
      const array = await ctx.app.inject({
        method: 'POST',
        url: '/api/restaurants-with-images',
        headers: { 'content-type': 'application/json' },
        payload: '[139, 1]',
      });
      expect(array.statusCode).toBe(400);
    });
  });

  describe('GET /api/v2/restaurants/:id', () => {
    async function demoRestaurantId(name: string): Promise<number> {
      const row = await ctx.db
        .selectFrom('restaurants')
        .select('id')
        .where('tenant_id', '=', demoTenant)
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.id;
    }

    it("gives the address, a map link to the coordinates, each method's week and today's state", async () => {
      const id = await demoRestaurantId('Bella Nonna Surry Hills');
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v2/restaurants/${id}?tenant_id=${demoTenant}` });
      expect(res.statusCode).toBe(200);
      const { data, error } = res.json();
      expect(error).toBeNull();
      expect(data).toMatchObject({
        id,
        name: 'Bella Nonna Surry Hills',
        status: 1,
        address: { street_name: '412 Crown Street', city: 'Sydney', phone: '(02) 9360 4127', country: 'AU' },
        attachment_paths: [{ upload_path: '/images/restaurants/surry-hills.svg' }],
        location: {
          latitude: -33.88614,
          longitude: 151.21327,
          map_url: 'https://www.google.com/maps/search/?api=1&query=-33.88614%2C151.21327',
        },
        timezone: 'Australia/Sydney',
      });
      // "Today" is the restaurant's date in Sydney, not the server's.
      const sydneyNow = localTimeIn('Australia/Sydney', new Date());
      expect(data.today.weekday).toBe(sydneyNow.weekday);
      expect(data.opening_hours.map((m: { method: string }) => m.method)).toEqual(['pickup', 'delivery', 'dine_in']);
      const pickup = data.opening_hours[0];
      expect(pickup.week).toHaveLength(7);
      expect(pickup.week[0]).toEqual({ weekday: 0, ranges: [{ opens_at: '12:00', closes_at: '21:00' }] });
      expect(pickup.week[5]).toEqual({ weekday: 5, ranges: [{ opens_at: '11:00', closes_at: '22:30' }] });
      expect(pickup.today.ranges).toEqual(pickup.week[sydneyNow.weekday].ranges);
      const delivery = data.opening_hours[1];
      expect(delivery.week[1].ranges).toEqual([{ opens_at: '17:00', closes_at: '21:30' }]);
      // Open overall exactly when one method is open now.
      expect(data.is_open_now).toBe(
        data.opening_hours.some((m: { today: { is_open_now: boolean } }) => m.today.is_open_now),
      );
    });

    it('is open now for a restaurant open around the clock, closed for one with no hours', async () => {
      const open = await ctx.app.inject({ url: `/api/v2/restaurants/${otherIds.open}?tenant_id=${otherTenant}` });
      expect(open.json().data).toMatchObject({ is_open_now: true, timezone: 'Australia/Perth' });
      expect(open.json().data.opening_hours[0].today).toEqual({
        ranges: [{ opens_at: '00:00', closes_at: '00:00' }],
        is_open_now: true,
        closed_reason: null,
      });
      const closed = await ctx.app.inject({ url: `/api/v2/restaurants/${otherIds.closed}?tenant_id=${otherTenant}` });
      expect(closed.json().data.is_open_now).toBe(false);
      expect(
        closed
          .json()
          .data.opening_hours.every((m: { week: { ranges: [] }[] }) => m.week.every((d) => d.ranges.length === 0)),
      ).toBe(true);
    });

    it("answers 404 for another tenant's restaurant and for an id that does not exist", async () => {
      const foreign = await ctx.app.inject({ url: `/api/v2/restaurants/${otherIds.open}?tenant_id=${demoTenant}` });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({
        data: null,
        error: { code: 'not_found', message: 'Restaurant not found', request_id: expect.any(String) },
      });
      const missing = await ctx.app.inject({ url: `/api/v2/restaurants/987654?tenant_id=${demoTenant}` });
      expect(missing.statusCode).toBe(404);
    });

    it.each([
      ['an id that is not a number', '/api/v2/restaurants/abc?tenant_id=139', 'id'],
      ['a negative id', '/api/v2/restaurants/-1?tenant_id=139', 'id'],
      ['no tenant_id', '/api/v2/restaurants/1', 'tenant_id'],
      ['a tenant_id that is not a number', '/api/v2/restaurants/1?tenant_id=x', 'tenant_id'],
      ['an unknown query field', '/api/v2/restaurants/1?tenant_id=139&debug=1', 'debug'],
    ])('answers 400 naming the field for %s', async (_name, url, field) => {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('bad_request');
      expect(Object.keys(res.json().error.fields)).toContain(field);
    });
  });

  // Decisions 037, 043: the list and the detail tell customers about closures and special hours.
  // Rows go on the restaurant's today and tomorrow, so a request across its midnight sees them too.
  describe('closures and special hours in what customers see', () => {
    const days = () => {
      const today = localTimeIn('Australia/Perth', new Date()).date;
      return [today, addDays(today, 1)];
    };
    const detail = async () =>
      (await ctx.app.inject({ url: `/api/v2/restaurants/${otherIds.open}?tenant_id=${otherTenant}` })).json().data;
    const entryOf = async () =>
      (await list({ tenant_id: otherTenant, status: 1 }))
        .json()
        .data.find((e: { restaurant: { id: number } }) => e.restaurant.id === otherIds.open).restaurant;

    it('a closure today shows the restaurant closed, with its reason, though its hours run all day', async () => {
      const base = { tenant_id: otherTenant, restaurant_id: otherIds.open, method: null, reason: 'Christmas Day' };
      await ctx.db
        .insertInto('restaurant_closures')
        .values(days().map((date) => ({ ...base, date })))
        .execute();
      try {
        expect(await entryOf()).toMatchObject({ is_open_now: false, closed_reason: 'Christmas Day' });
        const data = await detail();
        expect(data).toMatchObject({ is_open_now: false, closed_reason: 'Christmas Day' });
        expect(data.opening_hours[0].today).toEqual({ ranges: [], is_open_now: false, closed_reason: 'Christmas Day' });
        // The weekly hours themselves are unchanged.
        expect(data.opening_hours[0].week[0].ranges).toEqual([{ opens_at: '00:00', closes_at: '00:00' }]);
      } finally {
        await ctx.db.deleteFrom('restaurant_closures').where('restaurant_id', '=', otherIds.open).execute();
      }
      expect(await entryOf()).toMatchObject({ is_open_now: true, closed_reason: null });
    });

    it("special hours today are today's hours for that method", async () => {
      const base = { tenant_id: otherTenant, restaurant_id: otherIds.open, method: 'pickup' as const };
      await ctx.db
        .insertInto('restaurant_special_hours')
        .values(days().map((date) => ({ ...base, date, opens_at: '10:00', closes_at: '14:00' })))
        .execute();
      try {
        const data = await detail();
        expect(data.opening_hours[0].today).toMatchObject({
          ranges: [{ opens_at: '10:00', closes_at: '14:00' }],
          closed_reason: null,
        });
        expect(data.special_hours).toHaveLength(2);
      } finally {
        await ctx.db.deleteFrom('restaurant_special_hours').where('restaurant_id', '=', otherIds.open).execute();
      }
    });
  });
});
