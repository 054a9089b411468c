import {
  type Availability,
  type AvailabilityQuery,
  addDays,
  bookableSlots,
  canCancelAt,
  daysBetween,
  isValidDate,
  lastBookableDate,
  type MyReservations,
  type ReservationRestaurant,
  slotsForDate,
  todayAt,
} from '@orderfront/core';
import { AppError } from '../../lib/errors.js';
import { bookings } from './booking.js';
import {
  describeMinutes,
  partyMessage,
  type ReservationDeps,
  type ReservationIdentity,
  reservationContext,
} from './context.js';
import { staffActions } from './staff-actions.js';

export type { ReservationIdentity } from './context.js';

/** Table reservations: what can be booked, booking, the guest's own bookings and the back office's. */
export function reservationService(deps: ReservationDeps) {
  const ctx = reservationContext(deps);
  const { repo, now, rulesFor, bookableRestaurant, unitsFor, view, toView, authorised, cancelRow, mails } = ctx;
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
      const changed = await cancelRow(tenantId, row, at);
      const updated = toView({ ...row, status: 'cancelled', cancelled_at: at, updated_at: at }, restaurant);
      if (changed) await mails.mailSafely(() => mails.sendCancellation(updated, tenantId), row.reference);
      return updated;
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
    ...bookings(ctx),
    ...staffActions(ctx),
  };
}

export type ReservationService = ReturnType<typeof reservationService>;
