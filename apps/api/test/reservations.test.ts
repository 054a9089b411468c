import { addDays, fromZoned, todayAt } from '@orderfront/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';
import { type SmtpCapture, startSmtpCapture } from './support/smtp.js';

const tz = 'Australia/Sydney';
const closed = new Set(['2026-12-25', '2026-12-26', '2027-01-01']);

/** A local date `days` from today in Sydney that the demo does not close on. */
function dateAhead(days: number): string {
  let date = addDays(todayAt(new Date(), { timezone: tz }), days);
  while (closed.has(date)) date = addDays(date, 1);
  return date;
}

const at = (date: string, time: string) => fromZoned(date, time, tz) as string;

let ctx: TestContext;
let smtp: SmtpCapture;
let surryHills: number;
let parramatta: number;
let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}`;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://book.bellanonna.test' } });
  const rows = await ctx.db.selectFrom('restaurants').select(['id', 'slug']).where('tenant_id', '=', 139).execute();
  surryHills = rows.find((r) => r.slug === 'surry-hills')?.id as number;
  parramatta = rows.find((r) => r.slug === 'parramatta')?.id as number;
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

function guest(overrides: Record<string, unknown> = {}) {
  return {
    tenant_id: 139,
    restaurant_id: surryHills,
    starts_at: at(dateAhead(3), '19:00'),
    party_size: 2,
    name: 'Ada Lovelace',
    email: `ada.${keys}@example.test`,
    phone_no: '0412 345 678',
    special_requests: 'Window seat please',
    ...overrides,
  };
}

function book(body: Record<string, unknown>, key: string | null = newKey(), headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v2/reservations',
    headers: { ...(key ? { 'idempotency-key': key } : {}), ...headers },
    payload: body,
  });
}

function availability(query: Record<string, string | number>) {
  return ctx.app.inject({
    method: 'GET',
    url: '/api/v2/reservations/availability',
    query: Object.fromEntries(Object.entries({ tenant_id: 139, ...query }).map(([k, v]) => [k, String(v)])),
  });
}

async function bookedUnits(restaurantId: number, startsAt: string) {
  const row = await ctx.db
    .selectFrom('reservation_slots')
    .select('booked')
    .where('restaurant_id', '=', restaurantId)
    .where('starts_at', '=', startsAt)
    .executeTakeFirst();
  return row?.booked ?? 0;
}

async function setSettings(restaurantId: number, values: Record<string, number>) {
  await ctx.db.updateTable('reservation_settings').set(values).where('restaurant_id', '=', restaurantId).execute();
}

describe('restaurants that take reservations', () => {
  it('lists the tenant’s active restaurants with their party limits and bookable dates', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/reservations/restaurants?tenant_id=139' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((r: { name: string }) => r.name)).toEqual(['Bella Nonna Parramatta', 'Bella Nonna Surry Hills']);
    expect(data[1]).toMatchObject({
      id: surryHills,
      min_party: 1,
      max_party: 10,
      timezone: tz,
      first_date: todayAt(new Date(), { timezone: tz }),
      last_date: addDays(todayAt(new Date(), { timezone: tz }), 60),
    });
  });

  it('lists nothing for an unknown tenant and rejects bad queries', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/v2/reservations/restaurants?tenant_id=999' });
    expect(none.json()).toEqual({ data: [], error: null });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v2/reservations/restaurants?tenant_id=abc&x=1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ tenant_id: expect.any(String), x: 'Unknown field' });
  });
});

describe('availability', () => {
  it('offers the dinner seatings of a future date in Sydney time, up to the last seating', async () => {
    const date = dateAhead(4);
    const res = await availability({ restaurant_id: surryHills, date, party_size: 2 });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.message).toBeNull();
    const times = data.slots.map((s: { time: string }) => s.time);
    expect(times).toContain('19:00');
    expect(times).toContain('17:00');
    expect(data.slots.find((s: { time: string }) => s.time === '19:00').starts_at).toBe(at(date, '19:00'));
    expect(times).not.toContain('22:30');
  });

  it('explains an empty day: past, closed, beyond the horizon', async () => {
    const past = await availability({ restaurant_id: surryHills, date: addDays(dateAhead(0), -1), party_size: 2 });
    expect(past.json().data).toMatchObject({ slots: [], message: 'That date has passed. Please choose another date.' });
    const christmas = await availability({ restaurant_id: surryHills, date: '2026-12-25', party_size: 2 });
    expect(christmas.json().data).toMatchObject({
      slots: [],
      message: 'Bella Nonna Surry Hills is closed for reservations on this date.',
    });
    const far = await availability({ restaurant_id: surryHills, date: addDays(dateAhead(0), 61), party_size: 2 });
    expect(far.json().data.slots).toEqual([]);
    expect(far.json().data.message).toMatch(/^Bookings open 60 days ahead/);
  });

  it('answers 422 for a party larger than the restaurant seats online, 400 for bad input, 404 for another tenant', async () => {
    const big = await availability({ restaurant_id: surryHills, date: dateAhead(3), party_size: 11 });
    expect(big.statusCode).toBe(422);
    expect(big.json().error.message).toBe(
      'Online bookings are for 1 to 10 guests. For a larger group, please call Bella Nonna Surry Hills on (02) 9360 4127.',
    );
    const bad = await availability({ restaurant_id: surryHills, date: '2026-02-30', party_size: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ date: 'Not a calendar date' });
    const worse = await availability({ restaurant_id: 'x', date: 'tomorrow', party_size: -1 });
    expect(worse.statusCode).toBe(400);
    expect(Object.keys(worse.json().error.fields).sort()).toEqual(['date', 'party_size', 'restaurant_id']);
    const foreign = await availability({
      tenant_id: 140,
      restaurant_id: surryHills,
      date: dateAhead(3),
      party_size: 2,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('booking as a guest', () => {
  it('books, mails a cancel link built from PUBLIC_BASE_URL (not the Host header) and stores only its hash', async () => {
    const body = guest({ email: 'grace@example.test' });
    const res = await book(body, newKey(), { host: 'evil.example' });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      status: 'confirmed',
      starts_at: body.starts_at,
      date: dateAhead(3),
      time: '19:00',
      party_size: 2,
      name: 'Ada Lovelace',
      email: 'grace@example.test',
      special_requests: 'Window seat please',
      can_cancel: true,
      restaurant: { id: surryHills, name: 'Bella Nonna Surry Hills', address: '412 Crown Street, Surry Hills' },
    });
    expect(data.reference).toMatch(/^R-[A-Z2-9]{8}$/);
    expect(Date.parse(data.ends_at) - Date.parse(data.starts_at)).toBe(90 * 60_000);

    const mail = await smtp.waitFor('grace@example.test');
    expect(mail.subject).toContain(data.reference);
    expect(mail.subject).toContain('7:00');
    expect(mail.text).toContain(`Reference: ${data.reference}`);
    expect(mail.text).toContain('Special requests: Window seat please');
    const link = mail.text.match(
      /https:\/\/book\.bellanonna\.test\/reservations#reference=([A-Z0-9-]+)&token=([\w-]+)/,
    );
    expect(link?.[1]).toBe(data.reference);
    const token = link?.[2] as string;
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(mail.text).not.toContain('evil.example');

    const row = await ctx.db
      .selectFrom('reservations')
      .selectAll()
      .where('reference', '=', data.reference)
      .executeTakeFirstOrThrow();
    expect(row.cancel_token_hash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    // The token from the link shows the booking and cancels it; the table becomes free again.
    const before = await bookedUnits(surryHills, body.starts_at);
    const shown = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/reservations/${data.reference}?tenant_id=139`,
      headers: { 'x-reservation-token': token },
    });
    expect(shown.json().data).toMatchObject({ reference: data.reference, status: 'confirmed' });
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/reservations/${data.reference}/cancel`,
      payload: { tenant_id: 139, token },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', can_cancel: false });
    expect(await bookedUnits(surryHills, body.starts_at)).toBe(before - 1);
    // A second cancel changes nothing and frees nothing twice.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/reservations/${data.reference}/cancel`,
      payload: { tenant_id: 139, token },
    });
    expect(again.json().data.status).toBe('cancelled');
    expect(await bookedUnits(surryHills, body.starts_at)).toBe(before - 1);
  });

  it('shows and cancels nothing without the right token or for another tenant (404, like an unknown reference)', async () => {
    const res = await book(guest({ email: 'hopper@example.test' }));
    const { reference } = res.json().data;
    const mail = await smtp.waitFor('hopper@example.test');
    const token = mail.text.match(/token=([\w-]+)/)?.[1] as string;
    const attempts = [
      ctx.app.inject({ method: 'GET', url: `/api/v2/reservations/${reference}?tenant_id=139` }),
      ctx.app.inject({
        method: 'GET',
        url: `/api/v2/reservations/${reference}?tenant_id=139`,
        headers: { 'x-reservation-token': `${token.slice(0, -2)}xx` },
      }),
      ctx.app.inject({
        method: 'GET',
        url: `/api/v2/reservations/${reference}?tenant_id=140`,
        headers: { 'x-reservation-token': token },
      }),
      ctx.app.inject({
        method: 'POST',
        url: `/api/v2/reservations/${reference}/cancel`,
        payload: { tenant_id: 139, token: 'x'.repeat(43) },
      }),
      ctx.app.inject({
        method: 'GET',
        url: '/api/v2/reservations/R-NOPE2345?tenant_id=139',
        headers: { 'x-reservation-token': token },
      }),
    ];
    for (const attempt of await Promise.all(attempts)) {
      expect(attempt.statusCode).toBe(404);
      expect(attempt.json()).toEqual({
        data: null,
        error: { code: 'not_found', message: 'Reservation not found', request_id: expect.any(String) },
      });
    }
    const row = await ctx.db
      .selectFrom('reservations')
      .select('status')
      .where('reference', '=', reference)
      .executeTakeFirst();
    expect(row?.status).toBe('confirmed');
  });

  it('a retry with the same Idempotency-Key returns the same booking and never books twice', async () => {
    const key = newKey();
    const body = guest({ email: 'retry@example.test', starts_at: at(dateAhead(5), '18:00') });
    const [first, second] = await Promise.all([book(body, key), book(body, key)]);
    const third = await book(body, key);
    const statuses = [first.statusCode, second.statusCode, third.statusCode].sort();
    expect(statuses).toEqual([200, 200, 201]);
    const references = new Set([first, second, third].map((r) => r.json().data.reference));
    expect(references.size).toBe(1);
    const rows = await ctx.db
      .selectFrom('reservations')
      .select('id')
      .where('email', '=', 'retry@example.test')
      .execute();
    expect(rows).toHaveLength(1);
    expect(await bookedUnits(surryHills, body.starts_at as string)).toBe(1);

    const changed = await book({ ...body, party_size: 4 }, key);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.message).toBe('This Idempotency-Key was already used for a different booking');
    const missing = await book(body, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('Idempotency-Key');
  });

  it('refuses a past slot, a closed date, a party too large, too little notice, beyond the horizon, a non-slot', async () => {
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [
        { starts_at: at(addDays(dateAhead(0), -1), '19:00') },
        422,
        'That time has already passed. Please choose a later time.',
      ],
      [
        { starts_at: at('2026-12-25', '19:00') },
        422,
        'Bella Nonna Surry Hills is closed for reservations on that date.',
      ],
      [{ party_size: 12 }, 422, /^Online bookings are for 1 to 10 guests/],
      [
        { starts_at: at(addDays(dateAhead(0), 70), '19:00') },
        422,
        'Bookings open 60 days ahead. Please choose an earlier date.',
      ],
      [{ starts_at: at(dateAhead(3), '19:10') }, 422, 'That time is not one of the times offered for reservations.'],
      [{ starts_at: at(dateAhead(3), '23:00') }, 422, 'That time is not one of the times offered for reservations.'],
      [{ restaurant_id: 999_999 }, 404, 'This restaurant does not take table reservations online'],
    ];
    for (const [overrides, status, message] of cases) {
      const res = await book(guest({ email: 'rules@example.test', ...overrides }));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(res.json().error.message).toMatch(message);
    }
    // A one-off closure on an ordinary date.
    const date = dateAhead(6);
    await ctx.db
      .insertInto('reservation_closures')
      .values({ tenant_id: 139, restaurant_id: surryHills, date, reason: 'Private event' })
      .execute();
    const closedDay = await book(guest({ email: 'rules@example.test', starts_at: at(date, '19:00') }));
    expect(closedDay.statusCode).toBe(422);
    expect((await availability({ restaurant_id: surryHills, date, party_size: 2 })).json().data.slots).toEqual([]);
    // Notice: a restaurant that wants a week's notice refuses a booking three days out.
    await setSettings(parramatta, { min_notice_minutes: 7 * 24 * 60 });
    const soon = await book(guest({ email: 'rules@example.test', restaurant_id: parramatta }));
    expect(soon.statusCode).toBe(422);
    expect(soon.json().error.message).toBe('Bookings need at least 168 hours notice. Please choose a later time.');
    await setSettings(parramatta, { min_notice_minutes: 60 });
    expect(
      await ctx.db.selectFrom('reservations').select('id').where('email', '=', 'rules@example.test').execute(),
    ).toEqual([]);
  });

  it('rejects bad input with 400 naming the fields, and changes nothing', async () => {
    const res = await book({
      ...guest(),
      email: 'not-an-email',
      phone_no: 'call me',
      name: '',
      party_size: 2.5,
      admin: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      email: 'Enter a valid email address',
      phone_no: 'Enter a valid phone number',
      name: 'Enter your name',
      party_size: 'Party size must be a whole number',
      admin: 'Unknown field',
    });
    const huge = await book(guest({ special_requests: 'x'.repeat(501) }));
    expect(huge.json().error.fields).toEqual({ special_requests: 'Use at most 500 characters' });
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/reservations',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      payload: '{"tenant_id":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await ctx.db.selectFrom('reservations').select('id').where('name', '=', '').execute()).toEqual([]);
  });

  it('lets one customer hold at most 2 active bookings at a restaurant per day', async () => {
    const date = dateAhead(8);
    const email = 'hoarder@example.test';
    expect((await book(guest({ email, starts_at: at(date, '18:00') }))).statusCode).toBe(201);
    expect((await book(guest({ email: email.toUpperCase(), starts_at: at(date, '19:00') }))).statusCode).toBe(201);
    const third = await book(guest({ email, starts_at: at(date, '19:30') }));
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe(
      'You already have 2 bookings at Bella Nonna Surry Hills that day. Cancel one to book another time.',
    );
    expect(await bookedUnits(surryHills, at(date, '19:30'))).toBe(0);
    // Another day, or another restaurant, is fine.
    expect((await book(guest({ email, starts_at: at(dateAhead(9), '19:00') }))).statusCode).toBe(201);
    expect((await book(guest({ email, restaurant_id: parramatta, starts_at: at(date, '19:00') }))).statusCode).toBe(
      201,
    );
  });

  it('refuses to cancel online after the cut-off', async () => {
    const res = await book(guest({ email: 'late@example.test', starts_at: at(dateAhead(10), '19:00') }));
    const token = (await smtp.waitFor('late@example.test')).text.match(/token=([\w-]+)/)?.[1] as string;
    await setSettings(surryHills, { cancel_cutoff_minutes: 30 * 24 * 60 });
    try {
      const cancel = await ctx.app.inject({
        method: 'POST',
        url: `/api/v2/reservations/${res.json().data.reference}/cancel`,
        payload: { tenant_id: 139, token },
      });
      expect(cancel.statusCode).toBe(422);
      expect(cancel.json().error.message).toBe(
        'Reservations can be cancelled online until 720 hours before the time. Please call Bella Nonna Surry Hills on (02) 9360 4127.',
      );
    } finally {
      await setSettings(surryHills, { cancel_cutoff_minutes: 120 });
    }
  });
});

describe('capacity under load', () => {
  const date = dateAhead(12);
  const startsAt = at(date, '19:30');

  beforeEach(async () => {
    await setSettings(parramatta, { capacity_per_slot: 4 });
  });

  it('100 parallel bookings for a slot with room for 4 parties confirm exactly 4; a cancelled table is bookable again', async () => {
    const attempts = Array.from({ length: 100 }, (_, i) =>
      book(guest({ restaurant_id: parramatta, starts_at: startsAt, email: `crowd${i}@example.test` })),
    );
    const results = await Promise.all(attempts);
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 409)).toHaveLength(96);
    const full = results.find((r) => r.statusCode === 409)?.json();
    expect(full.error.message).toBe('Sorry, 7:30 pm is fully booked for a party of 2. Please choose another time.');
    expect(await bookedUnits(parramatta, startsAt)).toBe(4);
    const rows = await ctx.db
      .selectFrom('reservations')
      .select('reference')
      .where('restaurant_id', '=', parramatta)
      .where('starts_at', '=', startsAt)
      .where('status', '=', 'confirmed')
      .execute();
    expect(rows).toHaveLength(4);

    // A full slot is not offered; its neighbours are.
    const offered = (await availability({ restaurant_id: parramatta, date, party_size: 2 })).json().data.slots;
    expect(offered.map((s: { time: string }) => s.time)).not.toContain('19:30');
    expect(offered.map((s: { time: string }) => s.time)).toContain('19:00');

    // Cancel one: exactly one more booking fits.
    const winner = results.find((r) => r.statusCode === 201)?.json().data;
    const token = (await smtp.waitFor(winner.email)).text.match(/token=([\w-]+)/)?.[1] as string;
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/reservations/${winner.reference}/cancel`,
      payload: { tenant_id: 139, token },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await bookedUnits(parramatta, startsAt)).toBe(3);
    const reoffered = (await availability({ restaurant_id: parramatta, date, party_size: 2 })).json().data.slots;
    expect(reoffered.map((s: { time: string }) => s.time)).toContain('19:30');
    const second = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        book(guest({ restaurant_id: parramatta, starts_at: startsAt, email: `again${i}@example.test` })),
      ),
    );
    expect(second.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await bookedUnits(parramatta, startsAt)).toBe(4);
  });

  it('counts covers when the restaurant sells seats rather than tables', async () => {
    await setSettings(parramatta, { capacity_per_slot: 10 });
    await ctx.db
      .updateTable('reservation_settings')
      .set({ capacity_unit: 'covers' })
      .where('restaurant_id', '=', parramatta)
      .execute();
    try {
      const slot = at(dateAhead(14), '18:00');
      const six = await book(
        guest({ restaurant_id: parramatta, starts_at: slot, party_size: 6, email: 'six@example.test' }),
      );
      expect(six.statusCode).toBe(201);
      expect(await bookedUnits(parramatta, slot)).toBe(6);
      const times = async (party: number) =>
        (await availability({ restaurant_id: parramatta, date: dateAhead(14), party_size: party }))
          .json()
          .data.slots.map((s: { starts_at: string }) => s.starts_at);
      expect(await times(5)).not.toContain(slot);
      expect(await times(4)).toContain(slot);
      const five = await book(
        guest({ restaurant_id: parramatta, starts_at: slot, party_size: 5, email: 'five@example.test' }),
      );
      expect(five.statusCode).toBe(409);
      const four = await book(
        guest({ restaurant_id: parramatta, starts_at: slot, party_size: 4, email: 'four@example.test' }),
      );
      expect(four.statusCode).toBe(201);
      expect(await bookedUnits(parramatta, slot)).toBe(10);
    } finally {
      await ctx.db
        .updateTable('reservation_settings')
        .set({ capacity_unit: 'tables' })
        .where('restaurant_id', '=', parramatta)
        .execute();
    }
  });
});
