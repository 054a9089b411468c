import { addDays, type FulfilmentTimes, type RestaurantDetail, todayAt } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/app.js';
import { bearer, signInAs, tenantId } from './support/auth.js';
import { newGuest, pickupOrder, type Shop, startShop } from './support/orders.js';
import { addOtherBusiness, addPonsonby } from './support/tenants.js';

/** Special hours on a date (decision 043): managed beside the closures, followed by times and orders. */

let shop: Shop;
let ctx: TestContext;
let surry: number;
/** A restaurant of the demo business the manager is not assigned to. */
let bondi: number;
let ponsonby: number;
const tokens: Record<'owner' | 'manager' | 'staff' | 'customer' | 'otherOwner', string> = {} as never;

// Dates relative to the restaurant's today in Sydney, so the file passes at any hour.
const dateAhead = (days: number) => addDays(todayAt(new Date(), { timezone: 'Australia/Sydney' }), days);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as never }),
  });

const url = (restaurantId: number) => `/v2/admin/restaurants/${restaurantId}/special-hours`;
const body = (values: Record<string, unknown> = {}) => ({
  date: dateAhead(2),
  method: 'pickup',
  opens_at: '10:00',
  closes_at: '14:00',
  ...values,
});
const stored = () => ctx.db.selectFrom('restaurant_special_hours').selectAll().orderBy('id').execute();

const pickupTimes = async (date: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/restaurants/${surry}/fulfilment-times?tenant_id=${tenantId}&method=pickup&date=${date}`,
    })
  ).json().data as FulfilmentTimes;

beforeAll(async () => {
  shop = await startShop();
  ctx = shop.ctx;
  surry = shop.restaurantId;
  for (const role of ['owner', 'manager', 'staff', 'customer'] as const) tokens[role] = await signInAs(ctx.app, role);
  bondi = await addPonsonby(ctx.db, {
    tenant_id: tenantId,
    name: 'Bella Nonna Bondi',
    slug: 'bondi',
    country: 'AU',
    timezone: 'Australia/Sydney',
  });
  const luigi = await addOtherBusiness(ctx.app, ctx.db);
  ponsonby = luigi.restaurantId;
  tokens.otherOwner = luigi.ownerToken;
});
afterAll(async () => {
  await ctx?.close();
});

describe('who may manage special hours', () => {
  it('staff and customers get 403, no token 401, and nothing is stored', async () => {
    for (const [method, path, payload] of [
      ['GET', url(surry)],
      ['POST', url(surry), body()],
      ['PUT', `${url(surry)}/1`, body()],
      ['DELETE', `${url(surry)}/1`],
    ] as [Method, string, unknown?][]) {
      for (const role of ['staff', 'customer'] as const) {
        expect((await call(method, path, tokens[role], payload)).statusCode, `${role} ${method}`).toBe(403);
      }
      expect((await call(method, path, null, payload)).statusCode, `anonymous ${method}`).toBe(401);
    }
    expect(await stored()).toEqual([]);
  });

  it("a manager is refused a restaurant they don't manage; owners are refused another business's", async () => {
    expect((await call('POST', url(bondi), tokens.manager, body())).statusCode).toBe(403);
    expect((await call('GET', url(bondi), tokens.manager)).statusCode).toBe(403);
    expect((await call('POST', url(surry), tokens.otherOwner, body())).statusCode).toBe(403);
    expect((await call('POST', url(ponsonby), tokens.owner, body())).statusCode).toBe(403);
    expect(await stored()).toEqual([]);
    // The owner may set them on any restaurant of the business.
    const own = await call('POST', url(bondi), tokens.owner, body({ method: 'delivery' }));
    expect(own.statusCode, own.body).toBe(200);
    expect((await call('DELETE', `${url(bondi)}/${own.json().data.id}`, tokens.owner)).statusCode).toBe(200);
    expect(await stored()).toEqual([]);
  });
});

describe('validation', () => {
  it('bad input is a 400 naming the field, and nothing is stored', async () => {
    for (const [values, field] of [
      [{ date: '24/12/2030' }, 'date'],
      [{ date: dateAhead(1).replace(/-\d\d$/, '-32') }, 'date'],
      [{ date: dateAhead(-1) }, 'date'],
      [{ method: 'catering' }, 'method'],
      [{ opens_at: '25:00' }, 'opens_at'],
      [{ closes_at: '10:00' }, 'closes_at'],
      [{ opens_at: '18:00', closes_at: '02:00' }, 'closes_at'],
    ] as [Record<string, unknown>, string][]) {
      const res = await call('POST', url(surry), tokens.manager, body(values));
      expect(res.statusCode, JSON.stringify(values)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(values)).toHaveProperty([field]);
    }
    expect(await stored()).toEqual([]);
  });

  it('hours overlapping that date and method are a 409 on opens_at; another method or date is fine', async () => {
    const first = await call('POST', url(surry), tokens.manager, body({ date: dateAhead(3) }));
    expect(first.statusCode, first.body).toBe(200);
    const overlap = await call(
      'POST',
      url(surry),
      tokens.manager,
      body({ date: dateAhead(3), opens_at: '13:00', closes_at: '16:00' }),
    );
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.fields).toHaveProperty('opens_at');
    const delivery = await call('POST', url(surry), tokens.manager, body({ date: dateAhead(3), method: 'delivery' }));
    expect(delivery.statusCode).toBe(200);
    const evening = await call(
      'POST',
      url(surry),
      tokens.manager,
      body({ date: dateAhead(3), opens_at: '14:00', closes_at: '20:00' }),
    );
    expect(evening.statusCode).toBe(200);
    const listed = (await call('GET', url(surry), tokens.manager)).json().data;
    expect(listed.map((h: { method: string; opens_at: string }) => `${h.method} ${h.opens_at}`)).toEqual([
      'delivery 10:00',
      'pickup 10:00',
      'pickup 14:00',
    ]);
    for (const h of listed)
      expect((await call('DELETE', `${url(surry)}/${h.id}`, tokens.manager)).statusCode).toBe(200);
    expect(await stored()).toEqual([]);
  });
});

describe('editing special hours in place', () => {
  const add = async (restaurantId: number, token: string, values: Record<string, unknown> = {}) => {
    const res = await call('POST', url(restaurantId), token, body(values));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number };
  };
  const clear = async () => {
    await ctx.db.deleteFrom('restaurant_special_hours').execute();
  };

  it('changes the date, method and times, checked like adding them', async () => {
    const entry = await add(surry, tokens.manager);
    const changed = body({ date: dateAhead(4), method: 'delivery', opens_at: '09:00', closes_at: '12:30' });
    const res = await call('PUT', `${url(surry)}/${entry.id}`, tokens.manager, changed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: entry.id, ...changed });
    expect(await stored()).toMatchObject([{ id: entry.id, ...changed, restaurant_id: surry }]);
    // Its own old range never counts as an overlap.
    const narrower = await call('PUT', `${url(surry)}/${entry.id}`, tokens.manager, { ...changed, opens_at: '10:00' });
    expect(narrower.statusCode, narrower.body).toBe(200);
    await clear();
  });

  it('bad input is a 400 naming the field, overlaps a 409 on opens_at, and nothing changes', async () => {
    const entry = await add(surry, tokens.manager);
    await add(surry, tokens.manager, { opens_at: '17:00', closes_at: '21:00' });
    const before = await stored();
    for (const [values, field, status] of [
      [{ date: dateAhead(-1) }, 'date', 400],
      [{ date: '2030-02-30' }, 'date', 400],
      [{ method: 'catering' }, 'method', 400],
      [{ opens_at: '9am' }, 'opens_at', 400],
      [{ opens_at: '15:00', closes_at: '11:00' }, 'closes_at', 400],
      [{ opens_at: '12:00', closes_at: '18:00' }, 'opens_at', 409],
    ] as [Record<string, unknown>, string, number][]) {
      const res = await call('PUT', `${url(surry)}/${entry.id}`, tokens.manager, body(values));
      expect(res.statusCode, JSON.stringify(values)).toBe(status);
      expect(res.json().error.fields, JSON.stringify(values)).toHaveProperty([field]);
    }
    expect(await stored()).toEqual(before);
    await clear();
  });

  it("another business's or another restaurant's entry is a 404; others' restaurants are a 403", async () => {
    const theirs = await add(ponsonby, tokens.otherOwner);
    const bondis = await add(bondi, tokens.owner);
    const ours = await add(surry, tokens.manager);
    const before = await stored();
    const change = body({ opens_at: '08:00', closes_at: '09:00' });
    // Another tenant's id, and another restaurant's id, through a restaurant the caller may manage.
    expect((await call('PUT', `${url(surry)}/${theirs.id}`, tokens.owner, change)).statusCode).toBe(404);
    expect((await call('PUT', `${url(surry)}/${bondis.id}`, tokens.manager, change)).statusCode).toBe(404);
    expect((await call('PUT', `${url(surry)}/987654`, tokens.manager, change)).statusCode).toBe(404);
    // A restaurant the caller does not manage, or of another business.
    expect((await call('PUT', `${url(bondi)}/${bondis.id}`, tokens.manager, change)).statusCode).toBe(403);
    expect((await call('PUT', `${url(ponsonby)}/${theirs.id}`, tokens.owner, change)).statusCode).toBe(403);
    expect((await call('PUT', `${url(surry)}/${ours.id}`, tokens.otherOwner, change)).statusCode).toBe(403);
    expect(await stored()).toEqual(before);
    await clear();
  });
});

describe('times and orders follow them', () => {
  it('on that date only 10:00–14:00 is offered, shown to customers, and orders outside it are refused', async () => {
    const date = dateAhead(2);
    // Surry Hills is open around the clock in the order tests.
    expect((await pickupTimes(date)).times.at(-1)?.value).toBe('23:45');
    const added = await call('POST', url(surry), tokens.manager, body({ date }));
    expect(added.statusCode, added.body).toBe(200);

    const values = (await pickupTimes(date)).times.map((t) => t.value);
    expect(values[0]).toBe('10:00');
    expect(values.at(-1)).toBe('13:45');
    // The day after is as every week.
    expect((await pickupTimes(dateAhead(3))).times.at(-1)?.value).toBe('23:45');

    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/v2/restaurants/${surry}?tenant_id=${tenantId}` })
    ).json().data as RestaurantDetail;
    expect(detail.special_hours).toEqual([{ date, method: 'pickup', opens_at: '10:00', closes_at: '14:00' }]);

    const outside = await pickupOrder(shop, await newGuest(ctx), { pickup_date: date, pickup_time: '15:00' });
    expect(outside.statusCode, outside.body).toBe(422);
    expect(outside.json().error.fields).toHaveProperty('pickup_time');
    const inside = await pickupOrder(shop, await newGuest(ctx), { pickup_date: date, pickup_time: '10:30' });
    expect(inside.statusCode, inside.body).toBe(201);

    expect((await call('DELETE', `${url(surry)}/${added.json().data.id}`, tokens.manager)).statusCode).toBe(200);
    expect((await pickupTimes(date)).times.at(-1)?.value).toBe('23:45');
  });

  it("another method's hours leave pickup as every week; two ranges on a date are offered in order", async () => {
    const date = dateAhead(4);
    const delivery = await call('POST', url(surry), tokens.manager, body({ date, method: 'delivery' }));
    expect(delivery.statusCode, delivery.body).toBe(200);
    expect((await pickupTimes(date)).times.at(-1)?.value).toBe('23:45');

    // The later range first: the times still come in the day's order.
    for (const [opens_at, closes_at] of [
      ['18:00', '19:00'],
      ['09:00', '10:00'],
    ]) {
      const added = await call('POST', url(surry), tokens.manager, body({ date, opens_at, closes_at }));
      expect(added.statusCode, added.body).toBe(200);
    }
    const values = (await pickupTimes(date)).times.map((t) => t.value);
    expect(values[0]).toBe('09:00');
    expect(values).toContain('09:45');
    expect(values).not.toContain('10:00');
    expect(values).toContain('18:00');
    expect(values.at(-1)).toBe('18:45');
    expect(values).toEqual([...values].sort());
    await ctx.db.deleteFrom('restaurant_special_hours').execute();
  });
});
