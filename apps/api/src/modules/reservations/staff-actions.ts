import { type AdminReservation, type AdminReservationStatus, canMoveReservation, toZoned } from '@orderfront/core';
import type { ReservationRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { ReservationContext } from './context.js';

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

/** The back office's day list and status changes (seated, no-show, cancelled). */
export function staffActions(ctx: ReservationContext) {
  const { repo, now, toView, cancelRow, mails } = ctx;
  return {
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
        const changed = await cancelRow(tenantId, row, at);
        if (!changed) throw new AppError('conflict', 'The reservation changed meanwhile; reload and try again');
        const cancelled = { ...row, status: 'cancelled' as const, cancelled_at: at, updated_at: at };
        await mails.mailSafely(() => mails.sendCancellation(toView(cancelled, restaurant), tenantId), row.reference);
        return staffView(cancelled, restaurant.timezone);
      }
      const visit = to as Exclude<AdminReservationStatus, 'cancelled'>;
      if (!(await repo.setVisitStatus(tenantId, row.id, from as typeof visit, visit))) {
        throw new AppError('conflict', 'The reservation changed meanwhile; reload and try again');
      }
      return staffView({ ...row, visit_status: visit }, restaurant.timezone);
    },
  };
}
