import {
  addDays,
  type FulfilmentTimes,
  fromZoned,
  type Menu,
  type MenuProduct,
  priceProductLine,
  todayAt,
  weekdayOf,
} from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors.js';
import { fulfilmentService } from '../src/modules/fulfilment/service.js';
import { createTestApp, type TestContext } from './support/app.js';
import { bearer, tenantId } from './support/auth.js';
import { addTenant } from './support/tenants.js';

const tz = 'Australia/Sydney';
const today = () => todayAt(new Date(), { timezone: tz });
const dateAhead = (days: number) => addDays(today(), days);
const at = (date: string, time: string) => fromZoned(date, time, tz) as string;

let ctx: TestContext;
const ids: Record<string, number> = {};
let menu: Menu;
let otherTenantRestaurant: number;
let restaurantCount = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const r of await ctx.db.selectFrom('restaurants').select(['id', 'slug']).execute()) ids[r.slug] = r.id;
  menu = (await ctx.app.inject({ method: 'GET', url: `/api/v2/restaurants/${ids['surry-hills']}/menu` })).json().data;
  await addTenant(ctx.db);
  otherTenantRestaurant = await addRestaurant({ tenant: 7, timezone: 'Pacific/Auckland' });
});

afterAll(async () => ctx?.close());

/** A restaurant of its own for a test: pickup and delivery hours given per weekday (default: all day, every day). */
async function addRestaurant(
  options: {
    tenant?: number;
    timezone?: string;
    hours?: (weekday: number) => [string, string] | null;
    settings?: {
      lead_time_minutes?: number;
      slot_minutes?: number;
      max_orders_per_slot?: number;
      asap_enabled?: number | null;
    };
  } = {},
): Promise<number> {
  const tenant = options.tenant ?? tenantId;
  const n = ++restaurantCount;
  const { id } = await ctx.db
    .insertInto('restaurants')
    .values({
      tenant_id: tenant,
      name: `Test Kitchen ${n}`,
      slug: `test-kitchen-${n}`,
      status: 1,
      street_name: '1 Test Street',
      suburb: 'Surry Hills',
      city: 'Sydney',
      state: 'NSW',
      postcode: '2010',
      country: 'AU',
      phone: '(02) 9000 0000',
      email: `k${n}@example.test`,
      latitude: -33.886,
      longitude: 151.213,
      timezone: options.timezone ?? tz,
      image_path: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hours = options.hours ?? (() => ['00:00', '00:00'] as [string, string]);
  const rows = (['pickup', 'delivery'] as const).flatMap((method) =>
    [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => {
      const range = hours(weekday);
      return range
        ? [{ tenant_id: tenant, restaurant_id: id, method, weekday, opens_at: range[0], closes_at: range[1] }]
        : [];
    }),
  );
  if (rows.length > 0) await ctx.db.insertInto('restaurant_hours').values(rows).execute();
  await ctx.db
    .insertInto('fulfilment_settings')
    .values({
      tenant_id: tenant,
      restaurant_id: id,
      lead_time_minutes: 20,
      slot_minutes: 15,
      max_orders_per_slot: 10,
      asap_enabled: null,
      ...options.settings,
    })
    .execute();
  return id;
}

function times(restaurantId: number, query: Record<string, string>, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v2/restaurants/${restaurantId}/fulfilment-times`,
    query,
    headers,
  });
}

async function timesData(restaurantId: number, query: Record<string, string>): Promise<FulfilmentTimes> {
  const res = await times(restaurantId, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function newGuest() {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/auth/guest', payload: { tenant_id: tenantId } });
  const { guest_token, guest } = res.json().data;
  return { token: guest_token as string, id: guest.guest_id as number };
}

function unitPrice(p: MenuProduct) {
  const attribute_values = Object.fromEntries(
    p.attributes.map((a) => [a.id, (a.values.find((x) => x.is_default) ?? a.values[0])?.id as number]),
  );
  return priceProductLine(p, { attribute_values, modifiers: [], quantity: 1 }).unit_price;
}

/** A guest whose Surry Hills cart is worth at least `min` and less than `max` cents (priced by the cart service). */
async function guestWithCart(min: number, max: number) {
  const simple = menu.products.filter(
    (p) => p.is_available && !p.is_half_and_half && p.modifier_groups.every((g) => g.min_select === 0),
  );
  for (const p of simple) {
    const unit = unitPrice(p);
    for (let quantity = 1; quantity <= 5; quantity++) {
      if (unit * quantity < min || unit * quantity >= max) continue;
      const guest = await newGuest();
      const add = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/cart',
        headers: bearer(guest.token),
        payload: {
          restaurant_id: ids['surry-hills'],
          restaurant_product_id: p.id,
          product_id: p.product_id,
          quantity,
          is_half_and_half: false,
          notes: '',
          modifiers: [],
          configurations: p.attributes.map((a) => ({
            attribute_id: a.id,
            attribute_value_id: (a.values.find((x) => x.is_default) ?? a.values[0])?.id,
            price_adjustment: 0,
          })),
        },
      });
      expect(add.statusCode, add.body).toBe(201);
      const cart = (await ctx.app.inject({ method: 'GET', url: '/api/v2/cart', headers: bearer(guest.token) })).json()
        .data;
      expect(cart.totals.subtotal).toBe(unit * quantity);
      return { ...guest, subtotal: cart.totals.subtotal as number };
    }
  }
  throw new Error(`no cart between ${min} and ${max}`);
}

const address = (overrides: Record<string, unknown> = {}) => ({
  formatted_address: '10 Crown Street',
  city: 'Sydney',
  postcode: '2010',
  suburb: 'Surry Hills',
  ...overrides,
});

function quote(token: string | null, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v2/delivery/quote',
    headers: token ? bearer(token) : {},
    payload: body,
  });
}

async function claim(
  restaurantId: number,
  date: string | undefined,
  time: string,
  method: 'pickup' | 'delivery' = 'pickup',
) {
  const service = fulfilmentService(ctx.db);
  return ctx.db
    .transaction()
    .execute((trx) => service.claimSlot(trx, { tenantId, restaurantId, method, date, time, now: new Date() }));
}

async function slotOrders(restaurantId: number, slotStart: string) {
  const row = await ctx.db
    .selectFrom('kitchen_slots')
    .select('orders')
    .where('restaurant_id', '=', restaurantId)
    .where('slot_start', '=', slotStart)
    .executeTakeFirst();
  return row?.orders ?? 0;
}

describe('GET /v2/restaurants/:restaurant_id/fulfilment-times', () => {
  it('pickup on a later day runs from the seeded opening to the last 15-minute slot before closing, in Sydney time', async () => {
    const date = dateAhead(2);
    const hours = await ctx.db
      .selectFrom('restaurant_hours')
      .select(['opens_at', 'closes_at'])
      .where('restaurant_id', '=', ids['surry-hills'] as number)
      .where('method', '=', 'pickup')
      .where('weekday', '=', weekdayOf(date))
      .executeTakeFirstOrThrow();
    const data = await timesData(ids['surry-hills'] as number, { method: 'pickup', date, tenant_id: '139' });
    expect(data).toMatchObject({
      restaurant_id: ids['surry-hills'],
      method: 'pickup',
      timezone: tz,
      date,
      message: null,
    });
    expect(data.dates).toContain(date);
    expect(data.dates.length).toBeLessThanOrEqual(7);
    const first = data.times[0];
    expect(first?.value).toBe(hours.opens_at);
    expect(Date.parse(first?.starts_at as string)).toBe(Date.parse(at(date, hours.opens_at)));
    expect(first?.starts_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+1[01]:00$/);
    const [h, m] = hours.closes_at.split(':').map(Number) as [number, number];
    const last = h * 60 + m - 15;
    expect(data.times.at(-1)?.value).toBe(
      `${String(Math.floor(last / 60)).padStart(2, '0')}:${String(last % 60).padStart(2, '0')}`,
    );
    expect(data.times.map((t) => t.value)).not.toContain('asap');
  });

  it('delivery on the same day starts at 17:00 (the seeded delivery hours) and labels times like "5:00 pm"', async () => {
    const date = dateAhead(2);
    const data = await timesData(ids['surry-hills'] as number, { method: 'delivery', date });
    expect(data.times[0]).toMatchObject({ value: '17:00', label: '5:00 pm' });
    expect(data.times.map((t) => t.value)).not.toContain('12:00');
  });

  it('without a date: the first date with times, and ASAP first while open (the demo enables isAsapOptionEnabled)', async () => {
    const restaurant = await addRestaurant();
    const data = await timesData(restaurant, { method: 'pickup' });
    expect(data.date).toBe(data.dates[0]);
    expect(data.dates).toHaveLength(7);
    expect(data.times[0]).toMatchObject({ value: 'asap', label: 'ASAP (about 20 min)' });
    const ready = Date.parse(data.times[0]?.starts_at as string) - Date.now();
    expect(ready).toBeGreaterThan(19 * 60_000);
    expect(ready).toBeLessThan(22 * 60_000);
  });

  it('ASAP off for the restaurant, or following a storefront with isAsapOptionEnabled off', async () => {
    const off = await addRestaurant({ settings: { asap_enabled: 0 } });
    expect((await timesData(off, { method: 'pickup' })).times.map((t) => t.value)).not.toContain('asap');

    const following = await addRestaurant();
    const onRestaurant = await addRestaurant({ settings: { asap_enabled: 1 } });
    const row = await ctx.db
      .selectFrom('app_settings')
      .select('web_config')
      .where('tenant_id', '=', tenantId)
      .where('restaurant_id', 'is', null)
      .executeTakeFirstOrThrow();
    const theme = JSON.parse(row.web_config);
    const setAsap = (value: boolean) =>
      ctx.db
        .updateTable('app_settings')
        .set({ web_config: JSON.stringify({ ...theme, general: { ...theme.general, isAsapOptionEnabled: value } }) })
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', 'is', null)
        .execute();
    await setAsap(false);
    try {
      expect((await timesData(following, { method: 'pickup' })).times[0]?.value).not.toBe('asap');
      expect((await timesData(onRestaurant, { method: 'pickup' })).times[0]?.value).toBe('asap');
      await expect(claim(following, undefined, 'asap')).rejects.toMatchObject({
        statusCode: 422,
        message: 'ASAP is not available. Please choose a time.',
      });
    } finally {
      await setAsap(true);
    }
    expect((await timesData(following, { method: 'pickup' })).times[0]?.value).toBe('asap');
  });

  it('a closed day answers no times with a message, and is left out of the dates', async () => {
    const date = dateAhead(3);
    const closedDay = weekdayOf(date);
    const restaurant = await addRestaurant({ hours: (weekday) => (weekday === closedDay ? null : ['11:00', '21:00']) });
    const data = await timesData(restaurant, { method: 'delivery', date });
    const day = new Intl.DateTimeFormat('en-AU', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${date}T12:00:00Z`));
    expect(data).toMatchObject({ date, times: [] });
    expect(data.message).toBe(
      `Test Kitchen ${restaurantCount} is closed for delivery on ${day}. Please choose another day.`,
    );
    expect(data.dates).not.toContain(date);
    expect(data.dates).toContain(dateAhead(2));
    await expect(claim(restaurant, date, '12:00', 'delivery')).rejects.toMatchObject({ statusCode: 422 });
  });

  it('a restaurant with no hours for a method says it does not offer it', async () => {
    const restaurant = await addRestaurant({ hours: () => null });
    const data = await timesData(restaurant, { method: 'delivery' });
    expect(data).toMatchObject({ dates: [], date: null, times: [] });
    expect(data.message).toBe(`Test Kitchen ${restaurantCount} doesn't offer delivery at the moment.`);
  });

  it('with online ordering switched off nothing is offered and nothing can be claimed', async () => {
    const restaurant = await addRestaurant();
    await ctx.db
      .insertInto('app_settings')
      .values({
        tenant_id: tenantId,
        restaurant_id: restaurant,
        web_config: '{}',
        payment_gateway_config: '{}',
        payment_gateway_secrets: null,
        is_online_order_enabled: 0,
      })
      .execute();
    const data = await timesData(restaurant, { method: 'pickup' });
    expect(data).toMatchObject({ dates: [], times: [], message: "We're not accepting online orders at the moment." });
    await expect(claim(restaurant, dateAhead(2), '12:00')).rejects.toMatchObject({ statusCode: 422 });
  });

  it("another tenant's restaurant is 404; a token of one tenant asking for another is 403", async () => {
    expect((await times(otherTenantRestaurant, { method: 'pickup', tenant_id: '139' })).statusCode).toBe(404);
    expect((await times(otherTenantRestaurant, { method: 'pickup' })).statusCode).toBe(404);
    const guest = await newGuest();
    expect((await times(otherTenantRestaurant, { method: 'pickup' }, bearer(guest.token))).statusCode).toBe(404);
    expect(
      (await times(otherTenantRestaurant, { method: 'pickup', tenant_id: '7' }, bearer(guest.token))).statusCode,
    ).toBe(403);
    const own = await times(otherTenantRestaurant, { method: 'pickup', tenant_id: '7' });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.timezone).toBe('Pacific/Auckland');
    expect((await times(999_999, { method: 'pickup' })).statusCode).toBe(404);
    await expect(claim(otherTenantRestaurant, dateAhead(2), '12:00')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('rejects bad queries with 400 naming the field', async () => {
    const id = ids['surry-hills'] as number;
    const cases: [number | string, Record<string, string>, string][] = [
      [id, {}, 'method'],
      [id, { method: 'dine_in' }, 'method'],
      [id, { method: 'pickup', date: 'tomorrow' }, 'date'],
      [id, { method: 'pickup', date: '2026-02-30' }, 'date'],
      [id, { method: 'pickup', extra: '1' }, 'extra'],
      [id, { method: 'pickup', tenant_id: 'x' }, 'tenant_id'],
      ['abc', { method: 'pickup' }, 'restaurant_id'],
    ];
    for (const [restaurant, query, field] of cases) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v2/restaurants/${restaurant}/fulfilment-times`,
        query,
      });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    }
  });

  it('a past date is answered with a message; a date past the 7 days too', async () => {
    const past = await timesData(ids['surry-hills'] as number, { method: 'pickup', date: dateAhead(-1) });
    expect(past).toMatchObject({ times: [], message: 'That date has passed. Please choose another day.' });
    const far = await timesData(ids['surry-hills'] as number, { method: 'pickup', date: dateAhead(7) });
    expect(far.times).toEqual([]);
    expect(far.message).toMatch(/today and the next 6 days/);
  });
});

describe('claiming a kitchen slot (for the order transaction)', () => {
  it('takes a slot offered and returns its instant; a full slot is no longer offered and refused with 409', async () => {
    const restaurant = await addRestaurant({ settings: { max_orders_per_slot: 2 } });
    const date = dateAhead(2);
    const slot = at(date, '12:00');
    expect(await claim(restaurant, date, '12:00')).toEqual({ scheduledFor: slot, slotStart: slot });
    expect((await timesData(restaurant, { method: 'pickup', date })).times.map((t) => t.value)).toContain('12:00');
    // Pickup and delivery share the kitchen.
    await claim(restaurant, date, '12:00', 'delivery');
    expect(await slotOrders(restaurant, slot)).toBe(2);
    const offered = (await timesData(restaurant, { method: 'pickup', date })).times.map((t) => t.value);
    expect(offered).not.toContain('12:00');
    expect(offered).toContain('12:15');
    const refused = await claim(restaurant, date, '12:00').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      statusCode: 409,
      code: 'conflict',
      message: 'Sorry, 12:00 pm is fully booked. Please choose another time.',
    });
    expect(await slotOrders(restaurant, slot)).toBe(2);

    const service = fulfilmentService(ctx.db);
    expect(
      await ctx.db
        .transaction()
        .execute((trx) => service.releaseSlot(trx, { tenantId, restaurantId: restaurant, slotStart: slot })),
    ).toBe(true);
    expect(await slotOrders(restaurant, slot)).toBe(1);
    expect((await timesData(restaurant, { method: 'pickup', date })).times.map((t) => t.value)).toContain('12:00');
  });

  it('refuses a past slot, one off the grid and a missing date with 422; nothing is taken', async () => {
    const restaurant = await addRestaurant();
    const cases: [string | undefined, string, string][] = [
      [dateAhead(-1), '12:00', 'That time has passed. Please choose a later time.'],
      [dateAhead(2), '12:05', 'That time is not one of the times offered. Please choose another time.'],
      [undefined, '12:00', 'That time is not one of the times offered. Please choose another time.'],
    ];
    for (const [date, time, message] of cases) {
      await expect(claim(restaurant, date, time)).rejects.toMatchObject({
        statusCode: 422,
        code: 'unprocessable',
        message,
      });
    }
    const rows = await ctx.db
      .selectFrom('kitchen_slots')
      .select('orders')
      .where('restaurant_id', '=', restaurant)
      .execute();
    expect(rows.every((r) => r.orders === 0)).toBe(true);
  });

  it('ASAP takes the kitchen slot the ready time falls in', async () => {
    const restaurant = await addRestaurant();
    const before = Date.now();
    const claimed = await claim(restaurant, today(), 'asap');
    const due = Date.parse(claimed.scheduledFor);
    expect(due).toBeGreaterThanOrEqual(before + 20 * 60_000);
    expect(due - Date.parse(claimed.slotStart)).toBeLessThan(15 * 60_000);
    expect(await slotOrders(restaurant, claimed.slotStart)).toBe(1);
  });

  it('20 parallel claims of a slot with room for 5: exactly 5 succeed, 15 get 409, the count stays 5', async () => {
    const restaurant = await addRestaurant({ settings: { max_orders_per_slot: 5 } });
    const date = dateAhead(2);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => claim(restaurant, date, '18:00')));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(5);
    expect(lost).toHaveLength(15);
    for (const r of lost) expect(r.reason).toMatchObject({ statusCode: 409 });
    expect(await slotOrders(restaurant, at(date, '18:00'))).toBe(5);
  });

  it('one statement makes the slot or adds to it (decision 059): 20 first claims with room for 1 take 1, a released slot is taken again', async () => {
    const restaurant = await addRestaurant({ settings: { max_orders_per_slot: 1 } });
    const date = dateAhead(2);
    const slot = at(date, '18:30');
    const first = await Promise.allSettled(Array.from({ length: 20 }, () => claim(restaurant, date, '18:30')));
    expect(first.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of first.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(r.reason).toMatchObject({ statusCode: 409 });
    }
    expect(await slotOrders(restaurant, slot)).toBe(1);

    const service = fulfilmentService(ctx.db);
    await ctx.db
      .transaction()
      .execute((trx) => service.releaseSlot(trx, { tenantId, restaurantId: restaurant, slotStart: slot }));
    expect(await slotOrders(restaurant, slot)).toBe(0);
    const again = await Promise.allSettled(Array.from({ length: 10 }, () => claim(restaurant, date, '18:30')));
    expect(again.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await slotOrders(restaurant, slot)).toBe(1);
  });
});

describe('POST /v2/delivery/quote', () => {
  it('needs a token (401) and a strict body (400)', async () => {
    expect((await quote(null, { restaurant_id: ids['surry-hills'], address: address() })).statusCode).toBe(401);
    const guest = await newGuest();
    const bad = await quote(guest.token, {
      restaurant_id: ids['surry-hills'],
      address: address({ postcode: '' }),
      x: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['address.postcode', 'x']));
  });

  it('inside a postcode zone with $20–$30 in the cart: $4.99 delivery', async () => {
    const guest = await guestWithCart(2000, 3000);
    const res = await quote(guest.token, { restaurant_id: ids['surry-hills'], address: address() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: {
        delivery_charge: 499,
        delivery_error: null,
        zone_id: expect.any(Number),
        zone_name: 'Surry Hills and the inner city',
        minimum_order: 2000,
        free_over: 3000,
      },
      error: null,
    });
  });

  it('a suburb listed by name matches too, whatever the case', async () => {
    const guest = await guestWithCart(2000, 3000);
    const res = await quote(guest.token, {
      restaurant_id: ids['surry-hills'],
      address: address({ postcode: '2999', suburb: 'DARLINGHURST' }),
    });
    expect(res.json().data).toMatchObject({ delivery_charge: 499, delivery_error: null });
  });

  it('by radius when the address has coordinates: Woollahra (2025, 3 km) → the 6 km zone, $7.99', async () => {
    const guest = await guestWithCart(2500, 3000);
    const res = await quote(guest.token, {
      restaurant_id: ids['surry-hills'],
      address: address({ postcode: '2025', suburb: 'Woollahra', latitude: -33.8885, longitude: 151.2437 }),
    });
    expect(res.json().data).toMatchObject({ delivery_charge: 799, delivery_error: null, zone_name: 'Within 6 km' });
    // Without coordinates (and no maps provider configured) the same address is outside every zone.
    const offline = await quote(guest.token, {
      restaurant_id: ids['surry-hills'],
      address: address({ postcode: '2025', suburb: 'Woollahra' }),
    });
    expect(offline.json().data.delivery_error).toBe("We don't deliver to this address");
  });

  it('outside every zone: "We don\'t deliver to this address"', async () => {
    const guest = await guestWithCart(3000, 10_000);
    const res = await quote(guest.token, {
      restaurant_id: ids['surry-hills'],
      address: address({ postcode: '2250', suburb: 'Gosford', latitude: -33.4245, longitude: 151.3419 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      delivery_charge: 0,
      delivery_error: "We don't deliver to this address",
      zone_id: null,
      zone_name: null,
      minimum_order: null,
      free_over: null,
    });
  });

  it('under the minimum: "Minimum order for delivery is $20.00"; an empty cart too', async () => {
    const guest = await guestWithCart(1, 2000);
    const res = await quote(guest.token, { restaurant_id: ids['surry-hills'], address: address() });
    expect(res.json().data).toMatchObject({
      delivery_error: 'Minimum order for delivery is $20.00',
      minimum_order: 2000,
    });
    const empty = await newGuest();
    const none = await quote(empty.token, { restaurant_id: ids['surry-hills'], address: address() });
    expect(none.json().data.delivery_error).toBe('Minimum order for delivery is $20.00');
    // A cart of Surry Hills is not a Parramatta order.
    const elsewhere = await quote(guest.token, {
      restaurant_id: ids.parramatta,
      address: address({ postcode: '2150', suburb: 'Parramatta' }),
    });
    expect(elsewhere.json().data.delivery_error).toBe('Minimum order for delivery is $20.00');
  });

  it('$30 or more: free delivery, as the seeded banner promises', async () => {
    const guest = await guestWithCart(3000, 10_000);
    const res = await quote(guest.token, { restaurant_id: ids['surry-hills'], address: address() });
    expect(res.json().data).toMatchObject({ delivery_charge: 0, delivery_error: null, free_over: 3000 });
    const zones = await ctx.db
      .selectFrom('delivery_zones')
      .select('free_over_cents')
      .where('tenant_id', '=', tenantId)
      .execute();
    expect(zones.length).toBeGreaterThan(0);
    expect(zones.every((z) => z.free_over_cents === 3000)).toBe(true);
  });

  it("another tenant's restaurant is 404", async () => {
    const guest = await newGuest();
    const res = await quote(guest.token, { restaurant_id: otherTenantRestaurant, address: address() });
    expect(res.statusCode).toBe(404);
  });

  it('the service quotes inside a transaction for the order (subtotal given by the caller)', async () => {
    const service = fulfilmentService(ctx.db);
    const q = await ctx.db.transaction().execute((trx) =>
      service.quote(trx, {
        tenantId,
        restaurantId: ids.parramatta as number,
        address: address({ postcode: '2150', suburb: 'Parramatta' }),
        subtotalCents: 2600,
      }),
    );
    expect(q).toMatchObject({ delivery_charge: 499, delivery_error: null, zone_name: 'Parramatta and nearby' });
  });
});
