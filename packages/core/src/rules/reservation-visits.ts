import type { AdminReservationStatus } from '../contract/admin.js';

/**
 * How staff move a reservation on the day: a booked party is seated, marked a no-show or cancelled;
 * seating or a no-show put in by mistake can be set back to booked. A cancellation is final (its
 * table went back to the pool and may be booked by someone else).
 */
const moves: Record<AdminReservationStatus, readonly AdminReservationStatus[]> = {
  booked: ['seated', 'no_show', 'cancelled'],
  seated: ['booked'],
  no_show: ['booked'],
  cancelled: [],
};

export const canMoveReservation = (from: AdminReservationStatus, to: AdminReservationStatus) =>
  moves[from].includes(to);

export const nextReservationStatuses = (from: AdminReservationStatus): readonly AdminReservationStatus[] => moves[from];
