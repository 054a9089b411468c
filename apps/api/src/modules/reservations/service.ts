import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type AdminReservation,
  type AdminReservationStatus,
  type Availability,
  type AvailabilityQuery,
  addDays,
  type BookingProblem,
  bookableSlots,
  bookingProblem,
  canCancelAt,
  canMoveReservation,
  type createReservationBodySchema,
  daysBetween,
  isValidDate,
  lastBookableDate,
  type MyReservations,
  type Reservation,
  type ReservationRestaurant,
  type ReservationRules,
  serviceDateOf,
  slotsForDate,
  todayAt,
  toZoned,
} from '@storefront/core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { ReservationRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import type { Mailer } from '../mail/mailer.js';
import { tenantService } from '../tenants/service.js';
import { reservationRepository } from './repository.js';

type BookingInput = z.output<typeof createReservationBodySchema>;

/** Who is asking, once the accounts layer has resolved the bearer token (a registered user). */
export interface ReservationIdentity {
  tenantId: number;
  userId: number;
}

type BookableRestaurant = NonNullable<
  Awaited<ReturnType<ReturnType<typeof reservationRepository>['findBookableRestaurant']>>
>;
type ShownRestaurant = NonNullable<Awaited<ReturnType<ReturnType<typeof reservationRepository>['findRestaurant']>>>;

const referenceAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I to misread on the phone

function newReference(): string {
  const bytes = randomBytes(8);
  return `R-${[...bytes].map((b) => referenceAlphabet[b % 32]).join('')}`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function sameHash(token: string, hash: string): boolean {
  const a = Buffer.from(sha256(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function describeMinutes(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return `${minutes} minutes`;
}

const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,100}$/;

export function reservationService(deps: {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicBaseUrl'>;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const repo = reservationRepository(deps.db);
  const tenants = tenantService(deps.db);
  const now = deps.now ?? (() => new Date());

  async function rulesFor(tenantId: number, restaurant: BookableRestaurant): Promise<ReservationRules> {
    const [hours, closures] = await Promise.all([
      repo.hours(tenantId, restaurant.id),
      repo.closures(tenantId, restaurant.id),
    ]);
    return {
      timezone: restaurant.timezone,
      hours,
      closures,
      slotMinutes: restaurant.slot_minutes,
      stayMinutes: restaurant.stay_minutes,
      minParty: restaurant.min_party,
      maxParty: restaurant.max_party,
      horizonDays: restaurant.horizon_days,
      minNoticeMinutes: restaurant.min_notice_minutes,
      cancelCutoffMinutes: restaurant.cancel_cutoff_minutes,
    };
  }

  async function bookableRestaurant(tenantId: number, restaurantId: number) {
    const restaurant = await repo.findBookableRestaurant(tenantId, restaurantId);
    if (!restaurant) {
      throw new AppError('not_found', 'This restaurant does not take table reservations online', {
        restaurant_id: 'Not a restaurant that takes reservations',
      });
    }
    return restaurant;
  }

  const unitsFor = (restaurant: { capacity_unit: string }, partySize: number) =>
    restaurant.capacity_unit === 'covers' ? partySize : 1;

  function partyMessage(restaurant: BookableRestaurant) {
    return `Online bookings are for ${restaurant.min_party} to ${restaurant.max_party} guests. For a larger group, please call ${restaurant.name} on ${restaurant.phone}.`;
  }

  async function localeOf(tenantId: number) {
    return (await tenants.byId(tenantId))?.locale ?? 'en-AU';
  }

  function formatWhen(instant: string, timeZone: string, locale: string) {
    const date = new Intl.DateTimeFormat(locale, {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date(instant));
    const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(
      new Date(instant),
    );
    return { date, time };
  }

  function toView(row: ReservationRow, restaurant: ShownRestaurant): Reservation {
    const cutoff = restaurant.cancel_cutoff_minutes ?? 0;
    const local = toZoned(row.starts_at, restaurant.timezone);
    return {
      reference: row.reference,
      status: row.status,
      restaurant: {
        id: restaurant.id,
        name: restaurant.name,
        address: `${restaurant.street_name}, ${restaurant.suburb}`,
        phone: restaurant.phone,
        timezone: restaurant.timezone,
      },
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      date: local.date,
      time: local.time,
      party_size: row.party_size,
      name: row.name,
      email: row.email,
      phone_no: row.phone_no,
      special_requests: row.special_requests,
      can_cancel: row.status === 'confirmed' && canCancelAt(now(), row.starts_at, { cancelCutoffMinutes: cutoff }),
      cancel_until: new Date(Date.parse(row.starts_at) - cutoff * 60_000).toISOString(),
      created_at: row.created_at,
    };
  }

  async function view(row: ReservationRow): Promise<Reservation> {
    const restaurant = await repo.findRestaurant(row.tenant_id, row.restaurant_id);
    if (!restaurant) throw new AppError('not_found', 'Reservation not found');
    return toView(row, restaurant);
  }

  function problemError(problem: BookingProblem, restaurant: BookableRestaurant): AppError {
    switch (problem) {
      case 'party_too_small':
      case 'party_too_large':
        return new AppError('unprocessable', partyMessage(restaurant), {
          party_size: 'Party size not bookable online',
        });
      case 'not_a_slot':
        return new AppError('unprocessable', 'That time is not one of the times offered for reservations.', {
          starts_at: 'Choose one of the times offered',
        });
      case 'past':
        return new AppError('unprocessable', 'That time has already passed. Please choose a later time.', {
          starts_at: 'This time has passed',
        });
      case 'closed':
        return new AppError('unprocessable', `${restaurant.name} is closed for reservations on that date.`, {
          starts_at: 'Closed on this date',
        });
      case 'too_far':
        return new AppError(
          'unprocessable',
          `Bookings open ${restaurant.horizon_days} days ahead. Please choose an earlier date.`,
          { starts_at: 'Too far ahead' },
        );
      case 'too_soon':
        return new AppError(
          'unprocessable',
          `Bookings need at least ${describeMinutes(restaurant.min_notice_minutes)} notice. Please choose a later time.`,
          { starts_at: 'Not enough notice' },
        );
    }
  }

  function cancelLink(reference: string, token: string) {
    const url = new URL('/reservations', deps.config.publicBaseUrl);
    // In the fragment: browsers never send it to a server, so it stays out of access logs.
    url.hash = `reference=${reference}&token=${token}`;
    return url.toString();
  }

  async function sendConfirmation(reservation: Reservation, tenantId: number, token: string) {
    const locale = await localeOf(tenantId);
    const { date, time } = formatWhen(reservation.starts_at, reservation.restaurant.timezone, locale);
    const until = formatWhen(reservation.cancel_until, reservation.restaurant.timezone, locale);
    const link = cancelLink(reservation.reference, token);
    const guests = `${reservation.party_size} ${reservation.party_size === 1 ? 'guest' : 'guests'}`;
    const lines = [
      `Hi ${reservation.name},`,
      '',
      `Your table at ${reservation.restaurant.name} is booked.`,
      '',
      `Reference: ${reservation.reference}`,
      `When: ${date} at ${time}`,
      `Guests: ${guests}`,
      `Where: ${reservation.restaurant.address}`,
      ...(reservation.special_requests ? [`Special requests: ${reservation.special_requests}`] : []),
      '',
      `Plans changed? You can cancel online until ${until.date} at ${until.time}:`,
      link,
      '',
      `See you soon,`,
      `${reservation.restaurant.name}, ${reservation.restaurant.phone}`,
    ];
    const html = `<p>Hi ${escapeHtml(reservation.name)},</p><p>Your table at <strong>${escapeHtml(reservation.restaurant.name)}</strong> is booked.</p><ul><li>Reference: <strong>${reservation.reference}</strong></li><li>When: ${escapeHtml(`${date} at ${time}`)}</li><li>Guests: ${guests}</li><li>Where: ${escapeHtml(reservation.restaurant.address)}</li>${reservation.special_requests ? `<li>Special requests: ${escapeHtml(reservation.special_requests)}</li>` : ''}</ul><p>Plans changed? You can <a href="${escapeHtml(link)}">cancel online</a> until ${escapeHtml(`${until.date} at ${until.time}`)}.</p><p>See you soon,<br>${escapeHtml(reservation.restaurant.name)}, ${escapeHtml(reservation.restaurant.phone)}</p>`;
    await deps.mailer.send({
      tenantId,
      to: reservation.email,
      subject: `Your table at ${reservation.restaurant.name}: ${date} at ${time} (${reservation.reference})`,
      text: lines.join('\n'),
      html,
    });
  }

  async function sendCancellation(reservation: Reservation, tenantId: number) {
    const locale = await localeOf(tenantId);
    const { date, time } = formatWhen(reservation.starts_at, reservation.restaurant.timezone, locale);
    await deps.mailer.send({
      tenantId,
      to: reservation.email,
      subject: `Reservation cancelled: ${reservation.restaurant.name}, ${date} at ${time} (${reservation.reference})`,
      text: [
        `Hi ${reservation.name},`,
        '',
        `Your reservation ${reservation.reference} at ${reservation.restaurant.name} on ${date} at ${time} is cancelled.`,
        '',
        `We hope to see you another time.`,
        `${reservation.restaurant.name}, ${reservation.restaurant.phone}`,
      ].join('\n'),
    });
  }

  /** Mail is a courtesy: a booking stands even when the mail server is down, and the log says so. */
  async function mailSafely(send: () => Promise<void>, reference: string) {
    try {
      await send();
    } catch (error) {
      deps.log.error({ err: error, reference }, 'reservation mail could not be sent');
    }
  }

  async function authorised(
    tenantId: number,
    reference: string,
    token: string | undefined,
    identity: ReservationIdentity | undefined,
  ): Promise<ReservationRow> {
    const row = await repo.findByReference(tenantId, reference.toUpperCase());
    const byToken = row && token ? sameHash(token, row.cancel_token_hash) : false;
    const byOwner =
      row && identity
        ? identity.tenantId === tenantId && row.user_id !== null && row.user_id === identity.userId
        : false;
    // Someone else's booking looks exactly like one that does not exist.
    if (!row || !(byToken || byOwner)) throw new AppError('not_found', 'Reservation not found');
    return row;
  }

  return {
    async restaurants(tenantId: number): Promise<ReservationRestaurant[]> {
      const rows = await repo.listBookableRestaurants(tenantId);
      const at = now();
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        street_name: r.street_name,
        city: r.city,
        phone: r.phone,
        timezone: r.timezone,
        min_party: r.min_party,
        max_party: r.max_party,
        first_date: todayAt(at, r),
        last_date: addDays(todayAt(at, r), r.horizon_days),
      }));
    },

    async availability(query: AvailabilityQuery): Promise<Availability> {
      if (!isValidDate(query.date)) {
        throw new AppError('bad_request', 'Invalid request', { date: 'Not a calendar date' });
      }
      const restaurant = await bookableRestaurant(query.tenant_id, query.restaurant_id);
      if (query.party_size < restaurant.min_party || query.party_size > restaurant.max_party) {
        throw new AppError('unprocessable', partyMessage(restaurant), { party_size: 'Party size not bookable online' });
      }
      const rules = await rulesFor(query.tenant_id, restaurant);
      const at = now();
      const answer = (slots: Availability['slots'], message: string | null): Availability => ({
        restaurant_id: restaurant.id,
        date: query.date,
        party_size: query.party_size,
        slots,
        message,
      });
      const days = daysBetween(todayAt(at, rules), query.date);
      if (days < 0) return answer([], 'That date has passed. Please choose another date.');
      if (days > rules.horizonDays) {
        return answer(
          [],
          `Bookings open ${rules.horizonDays} days ahead, up to ${lastBookableDate(at, rules)}. Please choose an earlier date.`,
        );
      }
      if (rules.closures.includes(query.date)) {
        return answer([], `${restaurant.name} is closed for reservations on this date.`);
      }
      if (slotsForDate(query.date, rules).length === 0) {
        return answer([], `${restaurant.name} takes no reservations on this day of the week.`);
      }
      const slots = bookableSlots(query.date, at, rules);
      const units = unitsFor(restaurant, query.party_size);
      const first = slots[0];
      const last = slots[slots.length - 1];
      const taken = new Map<string, { capacity: number; booked: number }>();
      if (first && last) {
        for (const row of await repo.bookedBetween(query.tenant_id, restaurant.id, first.starts_at, last.starts_at)) {
          taken.set(new Date(row.starts_at).toISOString(), row);
        }
      }
      const free = slots
        .filter((slot) => {
          const row = taken.get(slot.starts_at);
          const capacity = row?.capacity ?? restaurant.capacity_per_slot;
          return capacity - (row?.booked ?? 0) >= units;
        })
        .map(({ starts_at, time }) => ({ starts_at, time }));
      return answer(
        free,
        free.length > 0
          ? null
          : `No tables are left for ${query.party_size} on this date. Please try another date or a smaller party.`,
      );
    },

    /** Books a table, or returns the booking an earlier request with the same Idempotency-Key made. */
    async book(
      input: BookingInput,
      idempotencyKey: string | undefined,
      identity: ReservationIdentity | undefined,
    ): Promise<{ reservation: Reservation; created: boolean }> {
      const tenantId = input.tenant_id;
      if (identity && identity.tenantId !== tenantId) throw new AppError('forbidden', 'Not allowed');
      if (!idempotencyKey || !idempotencyKeyPattern.test(idempotencyKey)) {
        throw new AppError('bad_request', 'Send an Idempotency-Key header (8 to 100 letters, digits, - or _)', {
          'Idempotency-Key': 'Required: 8 to 100 letters, digits, - or _',
        });
      }
      const startsAt = new Date(input.starts_at).toISOString();
      const email = input.email.toLowerCase();
      const fingerprint = sha256(
        JSON.stringify([
          input.restaurant_id,
          startsAt,
          input.party_size,
          input.name,
          email,
          input.phone_no,
          input.special_requests,
          identity?.userId ?? null,
        ]),
      );

      const replay = async () => {
        const existing = await repo.findByIdempotencyKey(tenantId, idempotencyKey);
        if (!existing) return null;
        if (existing.request_fingerprint !== fingerprint) {
          throw new AppError('conflict', 'This Idempotency-Key was already used for a different booking');
        }
        return { reservation: await view(existing), created: false };
      };
      const earlier = await replay();
      if (earlier) return earlier;

      const restaurant = await bookableRestaurant(tenantId, input.restaurant_id);
      const rules = await rulesFor(tenantId, restaurant);
      const found = bookingProblem({ startsAt, partySize: input.party_size, now: now() }, rules);
      if (found) throw problemError(found.problem, restaurant);
      const serviceDate = serviceDateOf(startsAt, rules) ?? toZoned(startsAt, rules.timezone).date;

      const token = randomBytes(32).toString('base64url');
      const locale = await localeOf(tenantId);
      const units = unitsFor(restaurant, input.party_size);
      const customerDay = { tenantId, restaurantId: restaurant.id, serviceDate, customerKey: `email:${email}` };
      let row: ReservationRow;
      try {
        row = await repo.transaction(async (trx) => {
          const slotId = await repo.takeSlot(
            trx,
            { tenantId, restaurantId: restaurant.id, startsAt, capacity: restaurant.capacity_per_slot },
            units,
          );
          if (slotId === null) {
            // No query on `db` in here: on SQLite the transaction holds the only connection.
            const { time } = formatWhen(startsAt, rules.timezone, locale);
            throw new AppError(
              'conflict',
              `Sorry, ${time} is fully booked for a party of ${input.party_size}. Please choose another time.`,
              { starts_at: 'Fully booked' },
            );
          }
          if (!(await repo.takeCustomerDay(trx, customerDay, restaurant.max_active_per_customer))) {
            throw new AppError(
              'conflict',
              `You already have ${restaurant.max_active_per_customer} bookings at ${restaurant.name} that day. Cancel one to book another time.`,
              { email: 'Booking limit reached for this day' },
            );
          }
          return repo.insert(trx, {
            tenant_id: tenantId,
            restaurant_id: restaurant.id,
            slot_id: slotId,
            reference: newReference(),
            status: 'confirmed',
            starts_at: startsAt,
            ends_at: new Date(Date.parse(startsAt) + restaurant.stay_minutes * 60_000).toISOString(),
            service_date: serviceDate,
            party_size: input.party_size,
            units,
            name: input.name,
            email: input.email,
            phone_no: input.phone_no,
            special_requests: input.special_requests,
            user_id: identity?.userId ?? null,
            customer_key: customerDay.customerKey,
            cancel_token_hash: sha256(token),
            idempotency_key: idempotencyKey,
            request_fingerprint: fingerprint,
          });
        });
      } catch (error) {
        // A concurrent retry with the same key won: answer with its booking (this one rolled back).
        if (isUniqueViolation(error) || (error instanceof AppError && error.code === 'conflict')) {
          const other = await replay();
          if (other) return other;
        }
        throw error;
      }
      const reservation = toView(row, restaurant);
      await mailSafely(() => sendConfirmation(reservation, tenantId, token), reservation.reference);
      return { reservation, created: true };
    },

    async get(
      tenantId: number,
      reference: string,
      token: string | undefined,
      identity: ReservationIdentity | undefined,
    ) {
      return view(await authorised(tenantId, reference, token, identity));
    },

    /** Cancels and frees the table; cancelling a cancelled booking changes nothing. */
    async cancel(
      tenantId: number,
      reference: string,
      token: string | undefined,
      identity: ReservationIdentity | undefined,
    ) {
      const row = await authorised(tenantId, reference, token, identity);
      if (row.status === 'cancelled') return view(row);
      const restaurant = await repo.findRestaurant(tenantId, row.restaurant_id);
      if (!restaurant) throw new AppError('not_found', 'Reservation not found');
      const cutoff = restaurant.cancel_cutoff_minutes ?? 0;
      if (!canCancelAt(now(), row.starts_at, { cancelCutoffMinutes: cutoff })) {
        throw new AppError(
          'unprocessable',
          `Reservations can be cancelled online until ${describeMinutes(cutoff)} before the time. Please call ${restaurant.name} on ${restaurant.phone}.`,
        );
      }
      const at = now().toISOString();
      const changed = await repo.transaction(async (trx) => {
        if (!(await repo.markCancelled(trx, tenantId, row.id, at))) return false;
        await repo.releaseSlot(trx, tenantId, row.slot_id, row.units);
        await repo.releaseCustomerDay(trx, {
          tenantId,
          restaurantId: row.restaurant_id,
          serviceDate: row.service_date,
          customerKey: row.customer_key,
        });
        return true;
      });
      const updated = toView({ ...row, status: 'cancelled', cancelled_at: at, updated_at: at }, restaurant);
      if (changed) await mailSafely(() => sendCancellation(updated, tenantId), row.reference);
      return updated;
    },

    /** Back office: a restaurant's bookings of one local day, with the staff's status. */
    async forDay(tenantId: number, restaurantId: number, date: string): Promise<AdminReservation[]> {
      const restaurant = await repo.findRestaurant(tenantId, restaurantId);
      if (!restaurant) throw new AppError('not_found', 'Restaurant not found');
      const rows = await repo.forDay(tenantId, restaurantId, date);
      return rows.map((row) => staffView(row, restaurant.timezone));
    },

    /**
     * Back office: seat a party, mark a no-show, undo either, or cancel (which frees the table and
     * mails the guest, whatever the online cut-off). Moves outside rules/reservation-visits are 409.
     */
    async setStaffStatus(
      tenantId: number,
      restaurantId: number,
      id: number,
      to: AdminReservationStatus,
    ): Promise<AdminReservation> {
      const row = await repo.findById(tenantId, restaurantId, id);
      const restaurant = await repo.findRestaurant(tenantId, restaurantId);
      if (!row || !restaurant) throw new AppError('not_found', 'Reservation not found');
      const from = staffStatusOf(row);
      if (from === to) return staffView(row, restaurant.timezone);
      if (!canMoveReservation(from, to)) {
        throw new AppError(
          'conflict',
          `A ${from.replace('_', '-')} reservation cannot be made ${to.replace('_', '-')}`,
        );
      }
      if (to === 'cancelled') {
        const at = now().toISOString();
        const changed = await repo.transaction(async (trx) => {
          if (!(await repo.markCancelled(trx, tenantId, row.id, at))) return false;
          await repo.releaseSlot(trx, tenantId, row.slot_id, row.units);
          await repo.releaseCustomerDay(trx, {
            tenantId,
            restaurantId: row.restaurant_id,
            serviceDate: row.service_date,
            customerKey: row.customer_key,
          });
          return true;
        });
        if (!changed) throw new AppError('conflict', 'The reservation changed meanwhile; reload and try again');
        const cancelled = { ...row, status: 'cancelled' as const, cancelled_at: at, updated_at: at };
        await mailSafely(() => sendCancellation(toView(cancelled, restaurant), tenantId), row.reference);
        return staffView(cancelled, restaurant.timezone);
      }
      const visit = to as Exclude<AdminReservationStatus, 'cancelled'>;
      if (!(await repo.setVisitStatus(tenantId, row.id, from as typeof visit, visit))) {
        throw new AppError('conflict', 'The reservation changed meanwhile; reload and try again');
      }
      return staffView({ ...row, visit_status: visit }, restaurant.timezone);
    },

    async mine(identity: ReservationIdentity): Promise<MyReservations> {
      const rows = await repo.listForUser(identity.tenantId, identity.userId);
      const at = now().getTime();
      const views = await Promise.all(rows.map(view));
      return {
        upcoming: views.filter((r) => Date.parse(r.starts_at) >= at),
        past: views.filter((r) => Date.parse(r.starts_at) < at).reverse(),
      };
    },
  };
}

const staffStatusOf = (row: ReservationRow): AdminReservationStatus =>
  row.status === 'cancelled' ? 'cancelled' : row.visit_status;

function staffView(row: ReservationRow, timezone: string): AdminReservation {
  return {
    id: row.id,
    reference: row.reference,
    status: staffStatusOf(row),
    starts_at: row.starts_at,
    local_time: toZoned(row.starts_at, timezone).time,
    party_size: row.party_size,
    name: row.name,
    email: row.email,
    phone_no: row.phone_no,
    special_requests: row.special_requests,
  };
}

export type ReservationService = ReturnType<typeof reservationService>;
