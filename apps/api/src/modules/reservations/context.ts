import { type BookingProblem, canCancelAt, type Reservation, type ReservationRules, toZoned } from '@orderfront/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { ReservationRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { safeEqual, sha256 } from '../auth/crypto.js';
import type { Mailer } from '../mail/service.js';
import { tenantService } from '../tenants/service.js';
import { reservationMails } from './mail.js';
import { type ReservationRepository, reservationRepository } from './repository.js';

/** Who is asking, once the accounts layer has resolved the bearer token (a registered user). */
export interface ReservationIdentity {
  tenantId: number;
  userId: number;
}

export interface ReservationDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicBaseUrl'>;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export type BookableRestaurant = NonNullable<Awaited<ReturnType<ReservationRepository['findBookableRestaurant']>>>;
export type ShownRestaurant = NonNullable<Awaited<ReturnType<ReservationRepository['findRestaurant']>>>;

export function describeMinutes(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return `${minutes} minutes`;
}

export function partyMessage(restaurant: BookableRestaurant) {
  return `Online bookings are for ${restaurant.min_party} to ${restaurant.max_party} guests. For a larger group, please call ${restaurant.name} on ${restaurant.phone}.`;
}

export function problemError(problem: BookingProblem, restaurant: BookableRestaurant): AppError {
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

/** What the booking, guest and back-office flows share: rules, views, the cancel transaction, mail. */
export function reservationContext(deps: ReservationDeps) {
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

  async function localeOf(tenantId: number) {
    return (await tenants.byId(tenantId))?.locale ?? 'en-AU';
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

  async function authorised(
    tenantId: number,
    reference: string,
    token: string | undefined,
    identity: ReservationIdentity | undefined,
  ): Promise<ReservationRow> {
    const row = await repo.findByReference(tenantId, reference.toUpperCase());
    const byToken = row && token ? safeEqual(sha256(token), row.cancel_token_hash) : false;
    const byOwner =
      row && identity
        ? identity.tenantId === tenantId && row.user_id !== null && row.user_id === identity.userId
        : false;
    // Someone else's booking looks exactly like one that does not exist.
    if (!row || !(byToken || byOwner)) throw new AppError('not_found', 'Reservation not found');
    return row;
  }

  /** Cancels and frees the table and the customer's day; false when it changed meanwhile. */
  function cancelRow(tenantId: number, row: ReservationRow, at: string) {
    return repo.transaction(async (trx) => {
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
  }

  return {
    repo,
    now,
    rulesFor,
    bookableRestaurant,
    unitsFor,
    localeOf,
    toView,
    view,
    authorised,
    cancelRow,
    mails: reservationMails(deps, localeOf),
  };
}

export type ReservationContext = ReturnType<typeof reservationContext>;
