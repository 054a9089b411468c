/**
 * What a customer is told about a restaurant today (decisions 037, 043): per method, today's hours
 * and whether it is open now, on the restaurant's clock. One rule for the list, the detail and the
 * dialog, the same `isOpenNow` dine-in ordering uses: a closed date shuts the whole day (with its
 * reason), a date with special hours has only those, else the weekly hours.
 */

import { isOpenNow, type SpecialHours } from './fulfilment-times.js';
import { type FulfilmentMethod, fulfilmentMethods, localTimeIn, type OpeningRange, rangesOn } from './opening-hours.js';

/** A closed local date; `method` null closes every method. */
export interface ClosedDay {
  date: string;
  method: FulfilmentMethod | null;
  reason: string;
}

/** Special hours of one method on one local date (within the day). */
export interface DatedSpecialHours extends SpecialHours {
  date: string;
  method: FulfilmentMethod;
}

/** A restaurant's hours: weekly per method, closed dates and special hours (dates around today suffice). */
export interface RestaurantCalendar {
  timezone: string;
  hours: readonly (OpeningRange & { method: FulfilmentMethod })[];
  closures: readonly ClosedDay[];
  specialHours: readonly DatedSpecialHours[];
}

export interface TodayHours {
  /** Today's ranges, earliest first: none on a closed date, the special hours on such a date. */
  ranges: SpecialHours[];
  is_open_now: boolean;
  /** Set when a closure shuts today: its reason, or 'Closed today' when it gave none. */
  closed_reason: string | null;
}

export interface RestaurantToday {
  date: string;
  weekday: number;
  is_open_now: boolean;
  /** Set when closures shut today for every method. */
  closed_reason: string | null;
  methods: Record<FulfilmentMethod, TodayHours>;
}

const strip = ({ opens_at, closes_at }: SpecialHours): SpecialHours => ({ opens_at, closes_at });
const reasonOf = (closure: ClosedDay) => closure.reason.trim() || 'Closed today';

/** One method's hours today and whether it is open at `at`. */
export function methodToday(calendar: RestaurantCalendar, method: FulfilmentMethod, at: Date): TodayHours {
  const local = localTimeIn(calendar.timezone, at);
  const ranges = calendar.hours.filter((h) => h.method === method);
  const closures = calendar.closures.filter((c) => c.method === null || c.method === method);
  const specialHours: Record<string, SpecialHours[]> = {};
  for (const h of calendar.specialHours) {
    if (h.method === method) specialHours[h.date] = [...(specialHours[h.date] ?? []), strip(h)];
  }
  const closedDates = closures.map((c) => c.date);
  const is_open_now = isOpenNow({ timezone: calendar.timezone, ranges, closedDates, specialHours }, at);
  const closure = closures.find((c) => c.date === local.date);
  if (closure) return { ranges: [], is_open_now, closed_reason: reasonOf(closure) };
  const special = specialHours[local.date];
  const today = special
    ? [...special].sort((a, b) => a.opens_at.localeCompare(b.opens_at))
    : rangesOn(ranges, local.weekday).map(strip);
  return { ranges: today, is_open_now, closed_reason: null };
}

/** Every method's hours today, open now for any method, and the reason when closures shut the day. */
export function restaurantToday(calendar: RestaurantCalendar, at: Date): RestaurantToday {
  const local = localTimeIn(calendar.timezone, at);
  const methods = Object.fromEntries(fulfilmentMethods.map((m) => [m, methodToday(calendar, m, at)])) as Record<
    FulfilmentMethod,
    TodayHours
  >;
  const all = Object.values(methods);
  const shut = all.every((m) => m.closed_reason !== null);
  const wholeDay = calendar.closures.find((c) => c.date === local.date && c.method === null);
  return {
    date: local.date,
    weekday: local.weekday,
    is_open_now: all.some((m) => m.is_open_now),
    closed_reason: shut ? (wholeDay ? reasonOf(wholeDay) : (methods.pickup.closed_reason ?? null)) : null,
    methods,
  };
}
