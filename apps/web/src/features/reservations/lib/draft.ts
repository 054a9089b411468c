import type { CreateReservationBody, Reservation, ReservationRestaurant } from '@orderfront/core';
import { runtimeConfig } from '@/config/runtime';

/** What the form collected, carried to the confirm page in the history entry (survives a reload). */
export interface ReservationDraft {
  restaurant: ReservationRestaurant;
  date: string;
  partySize: number;
  startsAt: string;
  time: string;
  name: string;
  email: string;
  phoneNo: string;
  specialRequests: string;
  /** One key per draft: a double click or a retry of the same booking books once. */
  idempotencyKey: string;
}

export function draftBody(draft: ReservationDraft): CreateReservationBody {
  return {
    tenant_id: runtimeConfig.tenantId,
    restaurant_id: draft.restaurant.id,
    starts_at: draft.startsAt,
    party_size: draft.partySize,
    name: draft.name,
    email: draft.email,
    phone_no: draft.phoneNo,
    special_requests: draft.specialRequests,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The draft in a history entry's state, if it holds one. */
export function draftFrom(state: unknown): ReservationDraft | null {
  const draft = isObject(state) ? state.draft : undefined;
  if (!isObject(draft) || !isObject(draft.restaurant)) return null;
  const strings = ['date', 'startsAt', 'time', 'name', 'email', 'phoneNo', 'specialRequests', 'idempotencyKey'];
  if (!strings.every((key) => typeof draft[key] === 'string') || typeof draft.partySize !== 'number') return null;
  return draft as unknown as ReservationDraft;
}

/** The booking in a history entry's state (the success page), if it holds one. */
export function reservationFrom(state: unknown): Reservation | null {
  const reservation = isObject(state) ? state.reservation : undefined;
  if (!isObject(reservation) || typeof reservation.reference !== 'string') return null;
  return reservation as unknown as Reservation;
}

const locale = () => runtimeConfig.tenant.locale;

/** 'Thursday 26 November 2026' for a local calendar date. */
export function formatDate(date: string): string {
  return new Intl.DateTimeFormat(locale(), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** '7:00 pm' for a local wall-clock time 'HH:MM'. */
export function formatTime(time: string): string {
  return new Intl.DateTimeFormat(locale(), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(`2000-01-01T${time}:00Z`),
  );
}

/** Date and time of an instant at the restaurant. */
export function formatInstant(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(instant));
}

export const guestsLabel = (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`;
