import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, type FulfilmentTimes, todayAt } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestContext } from './support/app.js';
import { bearer, lastMail, signInAs, tenantId } from './support/auth.js';
import { guestOrder, type Shop, startShop } from './support/orders.js';
import { addLuigi } from './support/tenants.js';

let shop: Shop;
let uploadsDir: string;
let ctx: TestContext;
const tokens: Record<'owner' | 'manager' | 'staff' | 'customer' | 'otherOwner', string> = {} as never;
let otherRestaurant: number;
/** A restaurant of the demo business the manager is not assigned to (made by the owner). */
let bondi: number;
let surry: number;

const tz = 'Australia/Sydney';
const dateAhead = (days: number) => addDays(todayAt(new Date(), { timezone: tz }), days);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as never }),
  });

const restaurantBody = (values: Record<string, unknown> = {}) => ({
  name: 'Bella Nonna Bondi',
  street_name: '10 Campbell Pde',
  suburb: 'Bondi Beach',
  city: 'Sydney',
  state: 'NSW',
  postcode: '2026',
  country: 'AU',
  phone: '02 9000 0000',
  email: 'bondi@bellanonna.example',
  latitude: -33.891,
  longitude: 151.277,
  timezone: 'Australia/Sydney',
  lead_time_minutes: 30,
  slot_minutes: 15,
  max_orders_per_slot: 8,
  asap_enabled: true,
  ...values,
});

const businessBody = (values: Record<string, unknown> = {}) => ({
  name: 'Bella Nonna',
  legal_name: 'Bella Nonna Pty Ltd',
  abn: '51 824 753 556',
  acn: '004 085 616',
  address: '1 Crown St, Surry Hills NSW 2010',
  phone: '02 9111 2222',
  email: 'hello@bellanonna.example',
  tax_name: 'GST',
  tax_rate_bps: 1000,
  tax_mode: 'inclusive',
  currency: 'AUD',
  locale: 'en-AU',
  ...values,
});

const zoneBody = (values: Record<string, unknown> = {}) => ({
  name: 'Eastern suburbs',
  kind: 'areas',
  postcodes: ['2026'],
  suburbs: ['Bronte'],
  radius_km: null,
  fee_cents: 500,
  minimum_order_cents: 2000,
  free_over_cents: 6000,
  priority: 0,
  is_active: true,
  ...values,
});

beforeAll(async () => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
  shop = await startShop({ config: { uploadsDir } });
  ctx = shop.ctx;
  surry = shop.restaurantId;
  for (const role of ['owner', 'manager', 'staff', 'customer'] as const) tokens[role] = await signInAs(ctx.app, role);
  const luigi = await addLuigi(ctx.app, ctx.db);
  otherRestaurant = luigi.restaurantId;
  tokens.otherOwner = luigi.ownerToken;
  const created = await call('POST', '/v2/admin/restaurants', tokens.owner, restaurantBody());
  expect(created.statusCode, created.body).toBe(200);
  bondi = created.json().data.id;
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

describe('business settings', () => {
  it('the owner saves a valid ABN and ACN as digits, and the storefront theme shows the contact details', async () => {
    const res = await call('PUT', '/v2/admin/business', tokens.owner, businessBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ abn: '51824753556', acn: '004085616', australian: true });
    const tenant = await ctx.db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirstOrThrow();
    expect(tenant).toMatchObject({ legal_name: 'Bella Nonna Pty Ltd', phone: '02 9111 2222', abn: '51824753556' });
    const settings = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/restaurants/app-settings?tenant_id=${tenantId}`,
    });
    expect(settings.json().data[0].web_config.general).toMatchObject({
      businessFullName: 'Bella Nonna Pty Ltd',
      contactPhone: '02 9111 2222',
      contactEmail: 'hello@bellanonna.example',
      businessAcn: 'ABN 51 824 753 556 · ACN 004 085 616',
    });
  });

  it('a bad ABN or ACN is a 400 naming the field, and nothing is saved', async () => {
    const before = await ctx.db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirstOrThrow();
    const badAbn = await call(
      'PUT',
      '/v2/admin/business',
      tokens.owner,
      businessBody({ abn: '51 824 753 557', name: 'X' }),
    );
    expect(badAbn.statusCode).toBe(400);
    expect(badAbn.json().error.fields).toHaveProperty('abn');
    const badAcn = await call(
      'PUT',
      '/v2/admin/business',
      tokens.owner,
      businessBody({ acn: '004 085 617', name: 'X' }),
    );
    expect(badAcn.statusCode).toBe(400);
    expect(badAcn.json().error.fields).toHaveProperty('acn');
    const after = await ctx.db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('a business outside Australia has no ABN; each owner sees only their own business', async () => {
    const res = await call(
      'PUT',
      '/v2/admin/business',
      tokens.otherOwner,
      businessBody({ currency: 'NZD', locale: 'en-NZ', name: 'Luigi' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ abn: expect.any(String), acn: expect.any(String) });
    const own = await call('GET', '/v2/admin/business', tokens.otherOwner);
    expect(own.json().data).toMatchObject({ name: 'Luigi', currency: 'NZD', australian: false });
  });

  it('currency and locale are locked once the business has taken an order (409, nothing saved)', async () => {
    const email = 'tax-invoice@example.test';
    await guestOrder(shop, { payment_method: 'cash_on_delivery' }, { email });
    // The confirmation names the business as its settings say, with its ABN and tax name.
    const mail = await vi.waitFor(() => lastMail(ctx.db, email), { timeout: 5000, interval: 50 });
    expect(mail.body_text).toContain('Bella Nonna Pty Ltd · ABN 51 824 753 556');
    expect(mail.body_text).toMatch(/Includes GST of/);
    const got = await call('GET', '/v2/admin/business', tokens.owner);
    expect(got.json().data.currency_locked).toBe(true);
    const res = await call(
      'PUT',
      '/v2/admin/business',
      tokens.owner,
      businessBody({ currency: 'NZD', name: 'Changed' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toHaveProperty('currency');
    const tenant = await ctx.db
      .selectFrom('tenants')
      .select(['name', 'currency'])
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(tenant).toEqual({ name: 'Bella Nonna', currency: 'AUD' });
  });

  it('only the owner: managers, staff and customers get 403, no token 401', async () => {
    for (const role of ['manager', 'staff', 'customer'] as const) {
      expect((await call('GET', '/v2/admin/business', tokens[role])).statusCode).toBe(403);
      expect((await call('PUT', '/v2/admin/business', tokens[role], businessBody())).statusCode).toBe(403);
    }
    expect((await call('GET', '/v2/admin/business', null)).statusCode).toBe(401);
  });
});

describe('who may call', () => {
  it('customers and staff are refused every set-up route, and callers without a token get 401', async () => {
    const routes: [Method, string, unknown?][] = [
      ['GET', '/v2/admin/business'],
      ['PUT', '/v2/admin/business', businessBody()],
      ['GET', '/v2/admin/restaurants'],
      ['POST', '/v2/admin/restaurants', restaurantBody()],
      ['GET', `/v2/admin/restaurants/${surry}`],
      ['PUT', `/v2/admin/restaurants/${surry}`, restaurantBody()],
      ['PUT', `/v2/admin/restaurants/${surry}/status`, { status: 0 }],
      ['DELETE', `/v2/admin/restaurants/${surry}`],
      ['GET', `/v2/admin/restaurants/${surry}/closures`],
      ['POST', `/v2/admin/restaurants/${surry}/closures`, { date: dateAhead(3), method: null, reason: '' }],
      ['DELETE', `/v2/admin/restaurants/${surry}/closures/1`],
      ['GET', `/v2/admin/restaurants/${surry}/delivery-zones`],
      ['POST', `/v2/admin/restaurants/${surry}/delivery-zones`, zoneBody()],
      ['PUT', `/v2/admin/restaurants/${surry}/delivery-zones/1`, zoneBody()],
      ['DELETE', `/v2/admin/restaurants/${surry}/delivery-zones/1`],
      [
        'POST',
        `/v2/admin/restaurants/${surry}/delivery-zones/test`,
        { postcode: '2010', suburb: '', subtotal_cents: 0 },
      ],
      ['GET', `/v2/admin/restaurants/${surry}/tables`],
      ['POST', `/v2/admin/restaurants/${surry}/tables`, { name: 'X1' }],
      ['DELETE', `/v2/admin/restaurants/${surry}/tables/1`],
    ];
    for (const [method, url, body] of routes) {
      for (const role of ['customer', 'staff'] as const) {
        expect((await call(method, url, tokens[role], body)).statusCode, `${role} ${method} ${url}`).toBe(403);
      }
      expect((await call(method, url, null, body)).statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    const written = await Promise.all([
      ctx.db.selectFrom('dining_tables').select('id').where('restaurant_id', '=', surry).execute(),
      ctx.db.selectFrom('restaurant_closures').select('id').where('restaurant_id', '=', surry).execute(),
    ]);
    expect(written.flat()).toEqual([]);
  });
});

describe('restaurants', () => {
  it('a new restaurant is listed in the storefront; closing it for good hides it there', async () => {
    const listed = async (status: 0 | 1) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/restaurants-with-images',
          payload: { tenant_id: tenantId, status },
        })
      )
        .json()
        .data.map((e: { restaurant: { id: number } }) => e.restaurant.id);
    expect(await listed(1)).toContain(bondi);
    const closed = await call('PUT', `/v2/admin/restaurants/${bondi}/status`, tokens.owner, { status: 0 });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await listed(1)).not.toContain(bondi);
    expect(await listed(0)).toContain(bondi);
    await call('PUT', `/v2/admin/restaurants/${bondi}/status`, tokens.owner, { status: 1 });
    expect(await listed(1)).toContain(bondi);
  });

  it('managers list and edit only their own restaurants; creating, closing and deleting are the owner’s', async () => {
    const list = await call('GET', '/v2/admin/restaurants', tokens.manager);
    const ids = list.json().data.map((r: { id: number }) => r.id);
    expect(ids).toContain(surry);
    expect(ids).not.toContain(bondi);
    expect((await call('PUT', `/v2/admin/restaurants/${bondi}`, tokens.manager, restaurantBody())).statusCode).toBe(
      403,
    );
    const edit = await call('PUT', `/v2/admin/restaurants/${surry}`, tokens.manager, {
      ...(await call('GET', `/v2/admin/restaurants/${surry}`, tokens.manager)).json().data,
      id: undefined,
      status: undefined,
      image_path: undefined,
      has_orders: undefined,
      lead_time_minutes: 25,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.lead_time_minutes).toBe(25);
    expect((await call('POST', '/v2/admin/restaurants', tokens.manager, restaurantBody())).statusCode).toBe(403);
    expect((await call('PUT', `/v2/admin/restaurants/${surry}/status`, tokens.manager, { status: 0 })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/v2/admin/restaurants/${surry}`, tokens.manager)).statusCode).toBe(403);
    expect((await call('GET', '/v2/admin/restaurants', tokens.staff)).statusCode).toBe(403);
    expect((await call('GET', '/v2/admin/restaurants', tokens.customer)).statusCode).toBe(403);
  });

  it("another business's restaurant is refused on every route", async () => {
    const id = otherRestaurant;
    const attempts = [
      call('GET', `/v2/admin/restaurants/${id}`, tokens.owner),
      call('PUT', `/v2/admin/restaurants/${id}`, tokens.owner, restaurantBody()),
      call('PUT', `/v2/admin/restaurants/${id}/status`, tokens.owner, { status: 0 }),
      call('DELETE', `/v2/admin/restaurants/${id}`, tokens.owner),
      call('GET', `/v2/admin/restaurants/${id}/closures`, tokens.owner),
      call('POST', `/v2/admin/restaurants/${id}/closures`, tokens.owner, {
        date: dateAhead(2),
        method: null,
        reason: '',
      }),
      call('GET', `/v2/admin/restaurants/${id}/delivery-zones`, tokens.owner),
      call('POST', `/v2/admin/restaurants/${id}/delivery-zones`, tokens.owner, zoneBody()),
      call('POST', `/v2/admin/restaurants/${id}/delivery-zones/test`, tokens.owner, {
        postcode: '1011',
        suburb: '',
        subtotal_cents: 0,
      }),
      call('GET', `/v2/admin/restaurants/${id}/tables`, tokens.owner),
      call('POST', `/v2/admin/restaurants/${id}/tables`, tokens.owner, { name: 'T1' }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(403);
    const row = await ctx.db.selectFrom('restaurants').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe(1);
    const writes = await Promise.all([
      ctx.db.selectFrom('dining_tables').select('id').where('restaurant_id', '=', id).execute(),
      ctx.db.selectFrom('delivery_zones').select('id').where('restaurant_id', '=', id).execute(),
      ctx.db.selectFrom('restaurant_closures').select('id').where('restaurant_id', '=', id).execute(),
    ]);
    expect(writes.flat()).toEqual([]);
  });

  it("the restaurant's image is uploaded as the file and shown in the storefront's list; a non-image is refused", async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    const upload = (body: Buffer, type: string, token = tokens.owner) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v2/admin/restaurants/${bondi}/image`,
        headers: { ...bearer(token), 'content-type': type },
        payload: body,
      });
    expect((await upload(Buffer.from('not an image at all'), 'image/png')).statusCode).toBe(415);
    expect((await upload(png, 'image/png', tokens.manager)).statusCode).toBe(403);
    const res = await upload(png, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const imagePath = res.json().data.image_path as string;
    expect(imagePath).toMatch(/^\/uploads\/.+\.png$/);
    const list = await ctx.app.inject({
      method: 'POST',
      url: '/api/restaurants-with-images',
      payload: { tenant_id: tenantId, status: 1 },
    });
    const entry = list.json().data.find((e: { restaurant: { id: number } }) => e.restaurant.id === bondi);
    expect(entry.attachment_paths).toEqual([{ upload_path: imagePath }]);
  });

  it('a bad timezone is a 400 on the field and creates nothing', async () => {
    const before = (await ctx.db.selectFrom('restaurants').select('id').execute()).length;
    const res = await call('POST', '/v2/admin/restaurants', tokens.owner, restaurantBody({ timezone: 'Mars/Olympus' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('timezone');
    expect((await ctx.db.selectFrom('restaurants').select('id').execute()).length).toBe(before);
  });

  it('without a map service, blank coordinates are a 400 on both fields and nothing is stored or changed', async () => {
    const before = (await ctx.db.selectFrom('restaurants').select('id').execute()).length;
    const blank = restaurantBody({ name: 'Nowhere', latitude: null, longitude: null });
    const res = await call('POST', '/v2/admin/restaurants', tokens.owner, blank);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['latitude', 'longitude']);
    expect((await ctx.db.selectFrom('restaurants').select('id').execute()).length).toBe(before);
    const edit = await call('PUT', `/v2/admin/restaurants/${bondi}`, tokens.owner, blank);
    expect(edit.statusCode).toBe(400);
    const row = await ctx.db
      .selectFrom('restaurants')
      .select(['name', 'latitude'])
      .where('id', '=', bondi)
      .executeTakeFirstOrThrow();
    expect(row.name).not.toBe('Nowhere');
    expect(row.latitude).toBeCloseTo(-33.891);
    const typo = await call('POST', '/v2/admin/restaurants', tokens.owner, restaurantBody({ latitude: 95 }));
    expect(typo.json().error.fields).toHaveProperty('latitude');
  });

  it('a restaurant with orders cannot be deleted (409); one without is', async () => {
    await guestOrder(shop, { payment_method: 'cash_on_delivery' });
    const refused = await call('DELETE', `/v2/admin/restaurants/${surry}`, tokens.owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/has orders.*close it permanently/);
    expect(
      await ctx.db.selectFrom('restaurants').select('id').where('id', '=', surry).executeTakeFirst(),
    ).toBeDefined();
    const spare = (await call('POST', '/v2/admin/restaurants', tokens.owner, restaurantBody({ name: 'Pop-up' }))).json()
      .data.id;
    const res = await call('DELETE', `/v2/admin/restaurants/${spare}`, tokens.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await ctx.db.selectFrom('restaurants').select('id').where('id', '=', spare).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('opening hours and closures', () => {
  it('overlapping ranges of one method are a 400 on the field; the old hours stay', async () => {
    const before = await ctx.db.selectFrom('restaurant_hours').selectAll().where('restaurant_id', '=', bondi).execute();
    const res = await call('PUT', '/v2/admin/hours', tokens.owner, {
      restaurant_id: bondi,
      hours: [
        { method: 'pickup', weekday: 1, opens_at: '11:00', closes_at: '15:00' },
        { method: 'pickup', weekday: 1, opens_at: '14:00', closes_at: '21:00' },
        { method: 'delivery', weekday: 1, opens_at: '14:00', closes_at: '21:00' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(['hours.1.opens_at']);
    expect(res.json().error.fields).not.toHaveProperty(['hours.2.opens_at']);
    const late = await call('PUT', '/v2/admin/hours', tokens.owner, {
      restaurant_id: bondi,
      hours: [
        { method: 'pickup', weekday: 5, opens_at: '18:00', closes_at: '02:00' },
        { method: 'pickup', weekday: 6, opens_at: '01:00', closes_at: '10:00' },
      ],
    });
    expect(late.statusCode).toBe(400);
    expect(
      await ctx.db.selectFrom('restaurant_hours').selectAll().where('restaurant_id', '=', bondi).execute(),
    ).toEqual(before);
  });

  it("a closure takes that day's times off the storefront; removing it brings them back", async () => {
    const date = dateAhead(2);
    const times = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v2/restaurants/${surry}/fulfilment-times?tenant_id=${tenantId}&method=pickup&date=${date}`,
        })
      ).json().data as FulfilmentTimes;
    expect((await times()).times.length).toBeGreaterThan(0);
    const added = await call('POST', `/v2/admin/restaurants/${surry}/closures`, tokens.manager, {
      date,
      method: null,
      reason: 'Public holiday',
    });
    expect(added.statusCode, added.body).toBe(200);
    const closed = await times();
    expect(closed.times).toEqual([]);
    expect(closed.dates).not.toContain(date);
    expect(closed.message).toMatch(/closed for pickup/);
    const again = await call('POST', `/v2/admin/restaurants/${surry}/closures`, tokens.manager, {
      date,
      method: 'pickup',
      reason: '',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toHaveProperty('date');
    const removed = await call(
      'DELETE',
      `/v2/admin/restaurants/${surry}/closures/${added.json().data.id}`,
      tokens.manager,
    );
    expect(removed.statusCode).toBe(200);
    expect((await times()).times.length).toBeGreaterThan(0);
  });

  it("a manager cannot close a restaurant they don't manage", async () => {
    const res = await call('POST', `/v2/admin/restaurants/${bondi}/closures`, tokens.manager, {
      date: dateAhead(1),
      method: null,
      reason: '',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('delivery zones', () => {
  it('a negative fee is a 400 on the field and stores nothing', async () => {
    const res = await call(
      'POST',
      `/v2/admin/restaurants/${bondi}/delivery-zones`,
      tokens.owner,
      zoneBody({ fee_cents: -100 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('fee_cents');
    expect(await ctx.db.selectFrom('delivery_zones').select('id').where('restaurant_id', '=', bondi).execute()).toEqual(
      [],
    );
  });

  it('a zone is listed and the live test answers yes inside it and no outside', async () => {
    const created = await call('POST', `/v2/admin/restaurants/${bondi}/delivery-zones`, tokens.owner, zoneBody());
    expect(created.statusCode, created.body).toBe(200);
    const list = (await call('GET', `/v2/admin/restaurants/${bondi}/delivery-zones`, tokens.owner)).json().data;
    expect(list).toEqual([expect.objectContaining({ name: 'Eastern suburbs', postcodes: ['2026'], fee_cents: 500 })]);
    const test = (postcode: string, suburb: string, subtotal_cents: number) =>
      call('POST', `/v2/admin/restaurants/${bondi}/delivery-zones/test`, tokens.owner, {
        postcode,
        suburb,
        subtotal_cents,
      });
    const yes = (await test('2026', 'Bondi Beach', 3000)).json().data;
    expect(yes).toMatchObject({ delivers: true, delivery_charge: 500, zone_name: 'Eastern suburbs' });
    expect(yes.message).toMatch(/^Yes/);
    expect((await test('2026', 'Bondi Beach', 7000)).json().data.delivery_charge).toBe(0);
    const no = (await test('3000', 'Melbourne', 3000)).json().data;
    expect(no).toMatchObject({ delivers: false, zone_id: null });
    expect(no.message).toMatch(/^No/);
    const off = await call(
      'PUT',
      `/v2/admin/restaurants/${bondi}/delivery-zones/${created.json().data.id}`,
      tokens.owner,
      zoneBody({ is_active: false }),
    );
    expect(off.statusCode).toBe(200);
    expect((await test('2026', 'Bondi Beach', 3000)).json().data.delivers).toBe(false);
  });

  it('staff and customers cannot read or change zones', async () => {
    for (const role of ['staff', 'customer'] as const) {
      expect((await call('GET', `/v2/admin/restaurants/${surry}/delivery-zones`, tokens[role])).statusCode).toBe(403);
    }
  });
});

describe('dining tables', () => {
  it('a table gets its dine-in link; a duplicate name is a 400 and stores nothing', async () => {
    const first = await call('POST', `/v2/admin/restaurants/${surry}/tables`, tokens.manager, { name: 'T4' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.menu_url).toBe(`/dine-in-menu?restaurant=${surry}&table=T4`);
    const dup = await call('POST', `/v2/admin/restaurants/${surry}/tables`, tokens.manager, { name: 'T4' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.fields).toHaveProperty('name');
    const bad = await call('POST', `/v2/admin/restaurants/${surry}/tables`, tokens.manager, { name: 'T 4!' });
    expect(bad.statusCode).toBe(400);
    const rows = await ctx.db.selectFrom('dining_tables').select('name').where('restaurant_id', '=', surry).execute();
    expect(rows).toEqual([{ name: 'T4' }]);
    // Another restaurant may use the same name.
    expect((await call('POST', `/v2/admin/restaurants/${bondi}/tables`, tokens.owner, { name: 'T4' })).statusCode).toBe(
      200,
    );
  });

  it('managers of other restaurants and staff are refused', async () => {
    expect(
      (await call('POST', `/v2/admin/restaurants/${bondi}/tables`, tokens.manager, { name: 'T9' })).statusCode,
    ).toBe(403);
    expect((await call('GET', `/v2/admin/restaurants/${surry}/tables`, tokens.staff)).statusCode).toBe(403);
    const [table] = (await call('GET', `/v2/admin/restaurants/${bondi}/tables`, tokens.owner)).json().data;
    expect((await call('DELETE', `/v2/admin/restaurants/${bondi}/tables/${table.id}`, tokens.manager)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/v2/admin/restaurants/${bondi}/tables/${table.id}`, tokens.owner)).statusCode).toBe(
      200,
    );
  });
});
