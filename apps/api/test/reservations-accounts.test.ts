import { addDays, fromZoned, todayAt } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';
import { bearer, signUp } from './support/auth.js';

const tz = 'Australia/Sydney';
const closed = new Set(['2026-12-25', '2026-12-26', '2027-01-01']);
function dateAhead(days: number): string {
  let date = addDays(todayAt(new Date(), { timezone: tz }), days);
  while (closed.has(date)) date = addDays(date, 1);
  return date;
}
const at = (date: string, time: string) => fromZoned(date, time, tz) as string;

let ctx: TestContext;
let restaurantId: number;
let ada: { token: string; user: { id: number; email: string } };
let bob: { token: string; user: { id: number; email: string } };
let keys = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  restaurantId = (
    await ctx.db.selectFrom('restaurants').select('id').where('slug', '=', 'surry-hills').executeTakeFirstOrThrow()
  ).id;
  ada = await signUp(ctx.app, ctx.db, 'ada.bookings@example.test');
  bob = await signUp(ctx.app, ctx.db, 'bob.bookings@example.test');
});
afterAll(async () => ctx?.close());

function book(token: string | null, startsAt: string, email = 'ada.bookings@example.test') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v2/reservations',
    headers: { 'idempotency-key': `accounts-${++keys}-key`, ...(token ? bearer(token) : {}) },
    payload: {
      tenant_id: 139,
      restaurant_id: restaurantId,
      starts_at: startsAt,
      party_size: 2,
      name: 'Ada Lovelace',
      email,
      phone_no: '0412 000 111',
    },
  });
}

const mine = (token?: string, tenant = 139) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v2/reservations?tenant_id=${tenant}`,
    headers: token ? bearer(token) : {},
  });

describe('reservations of a signed-in customer', () => {
  it('lists the user’s own bookings as upcoming and past, and no one else’s', async () => {
    const first = await book(ada.token, at(dateAhead(3), '18:00'));
    const second = await book(ada.token, at(dateAhead(2), '19:00'));
    const guestBooking = await book(null, at(dateAhead(3), '19:00'));
    // 19:30: the last seating every day, Sunday's dinner closing at 21:00 included.
    const bobs = await book(bob.token, at(dateAhead(3), '19:30'), 'bob.bookings@example.test');
    for (const res of [first, second, guestBooking, bobs]) expect(res.statusCode).toBe(201);
    // One of Ada's bookings is in the past (the seating happened).
    const pastRow = await ctx.db
      .insertInto('reservations')
      .values({
        ...(await ctx.db
          .selectFrom('reservations')
          .select([
            'tenant_id',
            'restaurant_id',
            'slot_id',
            'status',
            'service_date',
            'party_size',
            'units',
            'name',
            'email',
            'phone_no',
            'special_requests',
            'user_id',
            'customer_key',
            'request_fingerprint',
          ])
          .where('reference', '=', first.json().data.reference)
          .executeTakeFirstOrThrow()),
        reference: 'R-PAST2345',
        starts_at: at(addDays(dateAhead(0), -10), '19:00'),
        ends_at: at(addDays(dateAhead(0), -10), '20:30'),
        cancel_token_hash: 'f'.repeat(64),
        idempotency_key: null,
      })
      .returning('reference')
      .executeTakeFirstOrThrow();

    const res = await mine(ada.token);
    expect(res.statusCode).toBe(200);
    const { upcoming, past } = res.json().data;
    expect(upcoming.map((r: { reference: string }) => r.reference)).toEqual([
      second.json().data.reference,
      first.json().data.reference,
    ]);
    expect(past.map((r: { reference: string }) => r.reference)).toEqual([pastRow.reference]);
    expect(past[0].can_cancel).toBe(false);
    const bobsList = (await mine(bob.token)).json().data;
    expect(bobsList.upcoming.map((r: { reference: string }) => r.reference)).toEqual([bobs.json().data.reference]);
  });

  it('another user’s reservation is 404 to view and to cancel, and stays booked', async () => {
    const booking = (await book(ada.token, at(dateAhead(4), '18:30'))).json().data;
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/reservations/${booking.reference}?tenant_id=139`,
      headers: bearer(bob.token),
    });
    expect(view.statusCode).toBe(404);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/reservations/${booking.reference}/cancel`,
      headers: bearer(bob.token),
      payload: { tenant_id: 139 },
    });
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json().error.message).toBe('Reservation not found');
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/reservations/${booking.reference}/cancel`,
      payload: { tenant_id: 139 },
    });
    expect(anonymous.statusCode).toBe(404);
    const row = await ctx.db
      .selectFrom('reservations')
      .select('status')
      .where('reference', '=', booking.reference)
      .executeTakeFirst();
    expect(row?.status).toBe('confirmed');
  });

  it('the owner sees and cancels a booking without the mailed token', async () => {
    const booking = (await book(ada.token, at(dateAhead(5), '19:00'))).json().data;
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/reservations/${booking.reference}?tenant_id=139`,
      headers: bearer(ada.token),
    });
    expect(view.json().data.reference).toBe(booking.reference);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/reservations/${booking.reference}/cancel`,
      headers: bearer(ada.token),
      payload: { tenant_id: 139 },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data.status).toBe('cancelled');
    const listed = (await mine(ada.token))
      .json()
      .data.upcoming.find((r: { reference: string }) => r.reference === booking.reference);
    expect(listed.status).toBe('cancelled');
  });

  it('listing needs a registered user (401 without one or with a guest token) and the token’s own tenant (403)', async () => {
    expect((await mine()).statusCode).toBe(401);
    const guest = await ctx.app.inject({ method: 'POST', url: '/api/v2/auth/guest', payload: { tenant_id: 139 } });
    expect(guest.statusCode).toBeLessThan(300);
    expect((await mine(guest.json().data.guest_token)).statusCode).toBe(401);
    const foreign = await mine(ada.token, 140);
    expect(foreign.statusCode).toBe(403);
    const foreignBooking = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/reservations',
      headers: { 'idempotency-key': 'accounts-foreign-key', ...bearer(ada.token) },
      payload: {
        tenant_id: 140,
        restaurant_id: restaurantId,
        starts_at: at(dateAhead(3), '18:00'),
        party_size: 2,
        name: 'Ada',
        email: 'ada.bookings@example.test',
        phone_no: '0412 000 111',
      },
    });
    expect(foreignBooking.statusCode).toBe(403);
  });
});
