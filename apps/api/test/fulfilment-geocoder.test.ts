import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { cachedGeocoder, geocoderFor, googleGeocoder, offlineGeocoder } from '../src/modules/fulfilment/geocoder.js';
import { createTestApp, type TestContext } from './support/app.js';
import { bearer, signInAs, tenantId } from './support/auth.js';
import { addPonsonby, addTenant } from './support/tenants.js';

/** A stand-in for the Google Maps Geocoding API on a local port: answers by the address asked for. */
let server: Server;
let baseUrl: string;
const requests: URL[] = [];

const woollahra = {
  status: 'OK',
  results: [
    {
      formatted_address: '5 Queen St, Woollahra NSW 2025, Australia',
      geometry: { location: { lat: -33.8885, lng: 151.2437 } },
      address_components: [
        { long_name: '5', short_name: '5', types: ['street_number'] },
        { long_name: 'Woollahra', short_name: 'Woollahra', types: ['locality', 'political'] },
        { long_name: 'New South Wales', short_name: 'NSW', types: ['administrative_area_level_1', 'political'] },
        { long_name: '2025', short_name: '2025', types: ['postal_code'] },
      ],
    },
  ],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url);
    const address = url.searchParams.get('address') ?? '';
    res.setHeader('content-type', 'application/json');
    if (url.pathname !== '/maps/api/geocode/json' || url.searchParams.get('key') !== 'test-key') {
      res.end(JSON.stringify({ status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' }));
    } else if (address.includes('Broken')) {
      res.statusCode = 500;
      res.end('{}');
    } else if (address.includes('Woollahra')) {
      res.end(JSON.stringify(woollahra));
    } else {
      res.end(JSON.stringify({ status: 'ZERO_RESULTS', results: [] }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const address = (overrides: Record<string, string> = {}) => ({
  formatted_address: '5 Queen Street',
  city: 'Sydney',
  postcode: '2025',
  suburb: 'Woollahra',
  ...overrides,
});
const context = { country: 'AU', areas: { postcodes: ['2010', '2011'], suburbs: ['Surry Hills', 'Darlinghurst'] } };

describe('Google Maps geocoder', () => {
  it('asks with the key, the whole address and the country, and reads coordinates, postcode and locality', async () => {
    const google = googleGeocoder({ apiKey: 'test-key', baseUrl });
    requests.length = 0;
    expect(await google.locate(address({ postcode: '2025 ' }), context)).toEqual({
      postcode: '2025',
      suburb: 'Woollahra',
      latitude: -33.8885,
      longitude: 151.2437,
    });
    const [asked] = requests;
    expect(asked?.searchParams.get('address')).toBe('5 Queen Street, Woollahra, Sydney, 2025 ');
    expect(asked?.searchParams.get('components')).toBe('country:AU');
  });

  it('no result is null; a refused key or an HTTP error throws', async () => {
    const google = googleGeocoder({ apiKey: 'test-key', baseUrl });
    expect(
      await google.locate(address({ suburb: 'Nowhere', formatted_address: '1 Nowhere Road' }), context),
    ).toBeNull();
    await expect(googleGeocoder({ apiKey: 'wrong', baseUrl }).locate(address(), context)).rejects.toThrow(
      /REQUEST_DENIED/,
    );
    await expect(google.locate(address({ formatted_address: 'Broken' }), context)).rejects.toThrow(/HTTP 500/);
  });

  it('a cached geocoder asks the provider once per address', async () => {
    const cached = cachedGeocoder(googleGeocoder({ apiKey: 'test-key', baseUrl }));
    requests.length = 0;
    const first = await cached.locate(address(), context);
    const again = await cached.locate(address({ suburb: ' WOOLLAHRA ' }), context);
    expect(again).toEqual(first);
    expect(requests).toHaveLength(1);
  });

  it('is chosen by GOOGLE_MAPS_API_KEY; without it the offline geocoder is used', () => {
    expect(geocoderFor(loadConfig({})).name).toBe('offline');
    const config = loadConfig({ GOOGLE_MAPS_API_KEY: 'k', GOOGLE_MAPS_BASE_URL: baseUrl });
    expect(config.maps).toEqual({ googleApiKey: 'k', googleBaseUrl: baseUrl });
    expect(geocoderFor(config).name).toBe('google');
    expect(() => loadConfig({ GOOGLE_MAPS_BASE_URL: 'not a url' })).toThrow(/GOOGLE_MAPS_BASE_URL/);
  });
});

describe('offline geocoder', () => {
  it("places an address by the zones' postcodes and suburbs, spelled as the zones spell them, without coordinates", async () => {
    expect(await offlineGeocoder.locate(address({ postcode: '2010', suburb: 'surry  hills' }), context)).toEqual({
      postcode: '2010',
      suburb: 'Surry Hills',
      latitude: null,
      longitude: null,
    });
    expect(await offlineGeocoder.locate(address({ postcode: '2999', suburb: 'darlinghurst' }), context)).toMatchObject({
      suburb: 'Darlinghurst',
      latitude: null,
    });
    expect(await offlineGeocoder.locate(address(), context)).toBeNull();
  });
});

describe('delivery quotes with the Google geocoder configured', () => {
  let ctx: TestContext;
  let surryHills: number;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { GOOGLE_MAPS_API_KEY: 'test-key', GOOGLE_MAPS_BASE_URL: baseUrl } });
    const row = await ctx.db
      .selectFrom('restaurants')
      .select('id')
      .where('slug', '=', 'surry-hills')
      .executeTakeFirst();
    surryHills = row?.id as number;
    const guest = await ctx.app.inject({ method: 'POST', url: '/api/v2/auth/guest', payload: { tenant_id: tenantId } });
    token = guest.json().data.guest_token;
  });
  afterAll(async () => ctx?.close());

  const quote = (body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/v2/delivery/quote', headers: bearer(token), payload: body });

  it('an address typed without coordinates is geocoded and falls in the 6 km radius zone', async () => {
    requests.length = 0;
    const res = await quote({ restaurant_id: surryHills, address: address() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      zone_name: 'Within 6 km',
      delivery_charge: 799,
      // The guest's cart is empty.
      delivery_error: 'Minimum order for delivery is $25.00',
    });
    expect(requests).toHaveLength(1);
  });

  it('coordinates sent by the client are used as they are, without asking the provider', async () => {
    requests.length = 0;
    const res = await quote({
      restaurant_id: surryHills,
      address: { ...address({ formatted_address: 'Broken' }), latitude: -33.8885, longitude: 151.2437 },
    });
    expect(res.json().data.zone_name).toBe('Within 6 km');
    expect(requests).toHaveLength(0);
  });

  it('when the provider fails the address is still quoted by its postcode', async () => {
    const res = await quote({
      restaurant_id: surryHills,
      address: address({ formatted_address: 'Broken', postcode: '2010', suburb: 'Surry Hills' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ zone_name: 'Surry Hills and the inner city', delivery_charge: 499 });
  });

  it('an address the provider cannot find and no zone lists is not delivered to', async () => {
    const res = await quote({
      restaurant_id: surryHills,
      address: address({ formatted_address: '1 Nowhere Road', suburb: 'Nowhere', postcode: '2999' }),
    });
    expect(res.json().data.delivery_error).toBe("We don't deliver to this address");
  });
});

describe('restaurants placed on the map when Google is configured (decision 043)', () => {
  let ctx: TestContext;
  let owner: string;
  const body = (values: Record<string, unknown> = {}) => ({
    name: 'Bella Nonna Woollahra',
    street_name: '5 Queen Street',
    suburb: 'Woollahra',
    city: 'Sydney',
    state: 'NSW',
    postcode: '2025',
    country: 'AU',
    phone: '',
    email: '',
    latitude: null,
    longitude: null,
    timezone: 'Australia/Sydney',
    lead_time_minutes: 20,
    slot_minutes: 15,
    max_orders_per_slot: 10,
    asap_enabled: null,
    ...values,
  });
  const save = (payload: unknown, id?: number, token = owner) =>
    ctx.app.inject({
      method: id ? 'PUT' : 'POST',
      url: id ? `/api/v2/admin/restaurants/${id}` : '/api/v2/admin/restaurants',
      headers: bearer(token),
      payload: payload as never,
    });
  const count = async () => (await ctx.db.selectFrom('restaurants').select('id').execute()).length;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { GOOGLE_MAPS_API_KEY: 'test-key', GOOGLE_MAPS_BASE_URL: baseUrl } });
    owner = await signInAs(ctx.app, 'owner');
  });
  afterAll(async () => ctx?.close());

  it('a new address is placed from the answer; an unchanged one keeps typed coordinates; a moved one is placed again', async () => {
    requests.length = 0;
    const made = await save(body({ latitude: 1, longitude: 2 }));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ latitude: -33.8885, longitude: 151.2437 });
    expect(requests).toHaveLength(1);
    const id = made.json().data.id as number;

    // Coordinates adjusted by hand, address as it was: kept, and Google is not asked.
    const nudged = await save(body({ latitude: -33.889, longitude: 151.244 }), id);
    expect(nudged.json().data).toMatchObject({ latitude: -33.889, longitude: 151.244 });
    expect(requests).toHaveLength(1);

    // Moved (another street in Woollahra): placed again, whatever coordinates came along.
    const moved = await save(
      body({ street_name: '7 Queen Street Woollahra', latitude: -33.889, longitude: 151.244 }),
      id,
    );
    expect(moved.json().data).toMatchObject({ latitude: -33.8885, longitude: 151.2437 });
    expect(requests).toHaveLength(2);
  });

  it('an address Google cannot find is a 400 on the street; a failing service a 422; nothing stored or changed', async () => {
    const before = await count();
    const unknown = await save(body({ street_name: '1 Nowhere Road', suburb: 'Nowhere', postcode: '2999' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ street_name: expect.stringMatching(/not found on the map/i) });
    const broken = await save(body({ street_name: 'Broken' }));
    expect(broken.statusCode).toBe(422);
    expect(broken.json().error.fields.street_name).toMatch(/did not answer/);
    expect(await count()).toBe(before);

    const made = await save(body({ name: 'Stays put' }));
    const id = made.json().data.id as number;
    const failed = await save(body({ name: 'Renamed', street_name: 'Broken' }), id);
    expect(failed.statusCode).toBe(422);
    const row = await ctx.db
      .selectFrom('restaurants')
      .select(['name', 'street_name', 'latitude'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Stays put', street_name: '5 Queen Street', latitude: -33.8885 });
  });

  it("staff, customers and another business's owner cannot create or edit; Google is not asked", async () => {
    const surry = await ctx.db
      .selectFrom('restaurants')
      .select('id')
      .where('slug', '=', 'surry-hills')
      .executeTakeFirstOrThrow();
    await addTenant(ctx.db);
    await addPonsonby(ctx.db);
    const other = await ctx.db
      .selectFrom('restaurants')
      .select('id')
      .where('tenant_id', '=', 7)
      .executeTakeFirstOrThrow();
    requests.length = 0;
    const staff = await signInAs(ctx.app, 'staff');
    const customer = await signInAs(ctx.app, 'customer');
    expect((await save(body(), undefined, staff)).statusCode).toBe(403);
    expect((await save(body(), undefined, customer)).statusCode).toBe(403);
    expect((await save(body(), surry.id, staff)).statusCode).toBe(403);
    expect((await save(body(), other.id)).statusCode).toBe(403);
    expect(requests).toHaveLength(0);
  });
});
