import { addDays, daysBetween, fromZoned, minutesOfDay, timeOfMinutes, toZoned, weekdayOf } from './zoned-time.js';

/** Reservable hours of one weekday, local time; closes_at <= opens_at runs past midnight. */
export interface ReservationHours {
  weekday: number;
  opens_at: string;
  closes_at: string;
}

/** A restaurant's booking rules, all in its own timezone. */
export interface ReservationRules {
  timezone: string;
  hours: ReservationHours[];
  /** Local dates ('YYYY-MM-DD') with no reservations at all. */
  closures: string[];
  slotMinutes: number;
  /** Typical stay: the last seating leaves this long before closing. */
  stayMinutes: number;
  minParty: number;
  maxParty: number;
  /** Bookings open this many days ahead (today counts as day 0). */
  horizonDays: number;
  minNoticeMinutes: number;
  cancelCutoffMinutes: number;
}

export interface Slot {
  /** ISO-8601 UTC instant the table is booked for. */
  starts_at: string;
  /** Local wall-clock date and time of the seating. */
  date: string;
  time: string;
}

/**
 * The seatings that start on `date` (the service day: a late session's after-midnight slots belong to
 * the day it opened), stepped in wall-clock time so a daylight-saving change keeps '19:00' at 19:00.
 * Times the clocks skip are not offered; times that happen twice are offered once.
 */
export function slotsForDate(
  date: string,
  rules: ReservationRules,
  options: { ignoreClosures?: boolean } = {},
): Slot[] {
  if (!options.ignoreClosures && rules.closures.includes(date)) return [];
  const weekday = weekdayOf(date);
  const seen = new Set<string>();
  const slots: Slot[] = [];
  for (const hours of rules.hours) {
    if (hours.weekday !== weekday) continue;
    const opens = minutesOfDay(hours.opens_at);
    let closes = minutesOfDay(hours.closes_at);
    if (closes <= opens) closes += 24 * 60;
    for (let minute = opens; minute + rules.stayMinutes <= closes; minute += rules.slotMinutes) {
      const localDate = minute >= 24 * 60 ? addDays(date, 1) : date;
      const time = timeOfMinutes(minute);
      const startsAt = fromZoned(localDate, time, rules.timezone);
      if (!startsAt || seen.has(startsAt)) continue;
      seen.add(startsAt);
      slots.push({ starts_at: startsAt, date: localDate, time });
    }
  }
  return slots.sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}

/** Today's local date at the restaurant. */
export function todayAt(now: Date, rules: Pick<ReservationRules, 'timezone'>): string {
  return toZoned(now.getTime(), rules.timezone).date;
}

/** The last date bookings are open for. */
export function lastBookableDate(now: Date, rules: ReservationRules): string {
  return addDays(todayAt(now, rules), rules.horizonDays);
}

/** Slots of `date` that may still be booked now: not past, with enough notice, within the horizon. */
export function bookableSlots(date: string, now: Date, rules: ReservationRules): Slot[] {
  const days = daysBetween(todayAt(now, rules), date);
  if (days < 0 || days > rules.horizonDays) return [];
  const earliest = now.getTime() + rules.minNoticeMinutes * 60_000;
  return slotsForDate(date, rules).filter((slot) => Date.parse(slot.starts_at) >= earliest);
}

export type BookingProblem =
  | 'party_too_small'
  | 'party_too_large'
  | 'not_a_slot'
  | 'past'
  | 'closed'
  | 'too_far'
  | 'too_soon';

/** Why a booking at `startsAt` for `partySize` cannot be taken now, or null when the rules allow it. */
export function bookingProblem(
  input: { startsAt: string; partySize: number; now: Date },
  rules: ReservationRules,
): { problem: BookingProblem; serviceDate?: string } | null {
  const { startsAt, partySize, now } = input;
  if (partySize < rules.minParty) return { problem: 'party_too_small' };
  if (partySize > rules.maxParty) return { problem: 'party_too_large' };
  const serviceDate = serviceDateOf(startsAt, rules);
  if (!serviceDate) return { problem: 'not_a_slot' };
  const at = Date.parse(startsAt);
  if (at <= now.getTime()) return { problem: 'past', serviceDate };
  if (rules.closures.includes(serviceDate)) return { problem: 'closed', serviceDate };
  if (daysBetween(todayAt(now, rules), serviceDate) > rules.horizonDays) return { problem: 'too_far', serviceDate };
  if (at < now.getTime() + rules.minNoticeMinutes * 60_000) return { problem: 'too_soon', serviceDate };
  return null;
}

/** The service day whose seatings include `startsAt` (closures ignored), or null if it is no seating. */
export function serviceDateOf(startsAt: string, rules: ReservationRules): string | null {
  const normalised = new Date(startsAt).toISOString();
  const local = toZoned(normalised, rules.timezone).date;
  for (const date of [local, addDays(local, -1)]) {
    if (slotsForDate(date, rules, { ignoreClosures: true }).some((slot) => slot.starts_at === normalised)) return date;
  }
  return null;
}

/** Up to `count` slots closest in time to `target`, in time order (offered when a slot is full). */
export function nearestSlots<T extends { starts_at: string }>(slots: T[], target: string, count = 3): T[] {
  const at = Date.parse(target);
  return [...slots]
    .filter((slot) => slot.starts_at !== target)
    .sort((a, b) => Math.abs(Date.parse(a.starts_at) - at) - Math.abs(Date.parse(b.starts_at) - at))
    .slice(0, count)
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}

/** A guest may cancel online until `cancelCutoffMinutes` before the seating. */
export function canCancelAt(now: Date, startsAt: string, rules: Pick<ReservationRules, 'cancelCutoffMinutes'>) {
  return now.getTime() <= Date.parse(startsAt) - rules.cancelCutoffMinutes * 60_000;
}
