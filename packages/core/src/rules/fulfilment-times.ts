import { isOpenAt, minutesOf, type OpeningRange } from './opening-hours.js';
import {
  addDays,
  daysBetween,
  fromZoned,
  isValidDate,
  minutesOfDay,
  offsetMinutes,
  timeOfMinutes,
  toZoned,
  weekdayOf,
} from './zoned-time.js';

/**
 * Pickup and delivery times (decision 013), on the restaurant's wall clock (DESIGN.md §4). Times are
 * kitchen slots on a grid of `slotMinutes` from local midnight, so pickup and delivery share one
 * grid and one capacity count per slot. A date is a calendar date: 00:30 belongs to the day it is
 * on, even when it is the tail of the previous evening's opening.
 */
export interface FulfilmentTimeRules {
  timezone: string;
  /** The method's opening ranges; closes_at <= opens_at runs past midnight. */
  ranges: readonly OpeningRange[];
  /** The earliest time offered is this long after now (and ASAP is ready this long after now). */
  leadMinutes: number;
  slotMinutes: number;
  asapEnabled: boolean;
  /** Calendar days offered, today included: 7 is today and the next six. */
  daysAhead: number;
  /** Orders one kitchen slot takes; null: no limit. */
  capacity: number | null;
  /** Local dates closed outside the weekly hours (public holidays, closures; decision 037). */
  closedDates?: readonly string[];
  /**
   * Local dates with hours of their own (e.g. 24 Dec 10:00–14:00): on such a date only these count,
   * neither that weekday's hours nor the previous evening's that run past midnight (decision 043).
   */
  specialHours?: Readonly<Record<string, readonly SpecialHours[]>>;
}

/** Hours on one date, within the day: closes_at after opens_at. */
export interface SpecialHours {
  opens_at: string;
  closes_at: string;
}

const closedOn = (date: string, rules: Pick<FulfilmentTimeRules, 'closedDates'>) =>
  rules.closedDates?.includes(date) === true;

type DayRules = Pick<FulfilmentTimeRules, 'ranges' | 'specialHours' | 'closedDates'>;

/** Whether the restaurant is open at `at`, by the windows of its local date. */
function openAt(rules: DayRules & Pick<FulfilmentTimeRules, 'timezone'>, at: Date): boolean {
  if (!rules.specialHours && !rules.closedDates) return isOpenAt(rules.ranges, rules.timezone, at);
  const local = toZoned(at.getTime(), rules.timezone);
  const m = minutesOfDay(local.time);
  return windowsFor(local.date, rules).some(([from, to]) => m >= from && m < to);
}

/**
 * Whether the restaurant takes an order for now at `at` (dine-in): its weekly hours, or that date's
 * special hours, and not a closed date (decisions 037, 043).
 */
export function isOpenNow(
  rules: Pick<FulfilmentTimeRules, 'ranges' | 'timezone' | 'specialHours' | 'closedDates'>,
  at: Date,
): boolean {
  return !closedOn(toZoned(at.getTime(), rules.timezone).date, rules) && openAt(rules, at);
}

/** Orders already in each kitchen slot, keyed by the slot start's ISO UTC instant. */
export type SlotCounts = Readonly<Record<string, number>>;

export interface OfferedTime {
  /** 'asap' or the local 'HH:MM' of the slot (what checkout stores as pickupTime). */
  value: string;
  /** Local date and 'HH:MM' of `starts_at`. */
  date: string;
  time: string;
  /** When the order is due, ISO UTC: the slot start, or now + lead time for ASAP. */
  starts_at: string;
  /** The kitchen slot the order counts against, ISO UTC. */
  slot_start: string;
}

/** Why a date offers nothing. */
export type NoTimesReason = 'past' | 'too_far' | 'closed' | 'none_left' | 'full';

export interface TimesOnDate {
  times: OfferedTime[];
  reason: NoTimesReason | null;
}

export type OrderTimeProblem = 'not_offered' | 'past' | 'closed' | 'too_soon' | 'full';

export type OrderTimeResult =
  | { ok: true; asap: boolean; scheduled_for: string; slot_start: string }
  | { ok: false; reason: OrderTimeProblem };

const minute = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Today's local date at the restaurant. */
export function localToday(now: Date, timezone: string): string {
  return toZoned(now.getTime(), timezone).date;
}

/**
 * The kitchen slot an instant falls in: back to the last grid line of the local clock. Measured
 * back from the instant itself, so the repeated hour of a fall-back night keeps its own slots.
 */
export function kitchenSlotOf(at: Date | number, timezone: string, slotMinutes: number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  const local = minutesOfDay(toZoned(ms, timezone).time);
  const withinMinute = ((ms % minute) + minute) % minute;
  return iso(ms - (local % slotMinutes) * minute - withinMinute);
}

/**
 * Local [from, to) minute windows of `date`: its special hours when it has them, else its weekday's
 * ranges and the previous evening's tail (unless the previous date had special hours or was closed:
 * a closed date's evening never opened, so it runs into no morning).
 */
function windowsFor(date: string, rules: DayRules): [number, number][] {
  const special = rules.specialHours?.[date];
  if (special) return special.map((h) => [minutesOf(h.opens_at), minutesOf(h.closes_at)]);
  const yesterday = addDays(date, -1);
  const noTail = rules.specialHours?.[yesterday] !== undefined || closedOn(yesterday, rules);
  return windowsOn(date, rules.ranges, !noTail);
}

/** Local [from, to) minute windows of `date` in which slots may start, from its own and the previous day's ranges. */
function windowsOn(date: string, ranges: readonly OpeningRange[], withTail = true): [number, number][] {
  const weekday = weekdayOf(date);
  const yesterday = weekdayOf(addDays(date, -1));
  const windows: [number, number][] = [];
  for (const range of ranges) {
    const opens = minutesOf(range.opens_at);
    const closes = minutesOf(range.closes_at);
    if (closes > opens) {
      if (range.weekday === weekday) windows.push([opens, closes]);
      continue;
    }
    if (range.weekday === weekday) windows.push([opens, 24 * 60]);
    if (withTail && range.weekday === yesterday) windows.push([0, closes]);
  }
  return windows;
}

/**
 * Every slot of a calendar date, ignoring now: grid times whose whole slot fits in an opening.
 * Local times the clocks skip are left out; times that happen twice are offered once (the first).
 */
export function slotsOnDate(
  date: string,
  rules: Pick<FulfilmentTimeRules, 'timezone' | 'ranges' | 'slotMinutes' | 'specialHours' | 'closedDates'>,
) {
  const step = rules.slotMinutes;
  const seen = new Set<string>();
  const slots: { time: string; starts_at: string }[] = [];
  // Most days have one UTC offset throughout: then wall-clock minus offset, with no look-ups per slot.
  const midnight = Date.parse(`${date}T00:00:00Z`);
  const before = offsetMinutes(midnight - 86_400_000, rules.timezone);
  const steady = before === offsetMinutes(midnight + 2 * 86_400_000, rules.timezone) ? before : null;
  for (const [from, to] of windowsFor(date, rules)) {
    for (let m = Math.ceil(from / step) * step; m + step <= to; m += step) {
      const time = timeOfMinutes(m);
      const startsAt = steady === null ? fromZoned(date, time, rules.timezone) : iso(midnight + (m - steady) * minute);
      if (!startsAt || seen.has(startsAt)) continue;
      seen.add(startsAt);
      slots.push({ time, starts_at: startsAt });
    }
  }
  // Same-format ISO UTC instants: code-unit order is time order (localeCompare costs far more).
  return slots.sort((a, b) => (a.starts_at < b.starts_at ? -1 : a.starts_at > b.starts_at ? 1 : 0));
}

/**
 * Whether `time` on `date` (starting at `startsAt`) is one of slotsOnDate's, without listing them
 * all (decision 053): on a day with one UTC offset a grid time is offered when its whole slot fits
 * in one of the date's windows; a day the clocks change asks slotsOnDate itself.
 */
function offersSlot(date: string, time: string, startsAt: string, rules: Parameters<typeof slotsOnDate>[1]) {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  const before = offsetMinutes(midnight - 86_400_000, rules.timezone);
  if (before !== offsetMinutes(midnight + 2 * 86_400_000, rules.timezone)) {
    return slotsOnDate(date, rules).some((slot) => slot.starts_at === startsAt);
  }
  const m = minutesOfDay(time);
  if (m % rules.slotMinutes !== 0 || iso(midnight + (m - before) * minute) !== startsAt) return false;
  return windowsFor(date, rules).some(([from, to]) => m >= from && m + rules.slotMinutes <= to);
}

const isFull = (slotStart: string, rules: Pick<FulfilmentTimeRules, 'capacity'>, counts: SlotCounts) =>
  rules.capacity !== null && (counts[slotStart] ?? 0) >= rules.capacity;

/** ASAP as of `now`: ready after the lead time, while the restaurant is open now and still then. */
function asapAt(now: Date, rules: FulfilmentTimeRules): { ready: number; slotStart: string } | 'closed' {
  const ready = Math.ceil((now.getTime() + rules.leadMinutes * minute) / minute) * minute;
  const lastOpenMoment = Math.max(now.getTime(), ready - minute);
  if (!openAt(rules, now) || !openAt(rules, new Date(lastOpenMoment))) {
    return 'closed';
  }
  return { ready, slotStart: kitchenSlotOf(ready, rules.timezone, rules.slotMinutes) };
}

/**
 * The times of `date` that can be ordered for at `now`: ASAP first (today, when enabled and open),
 * then slots not past, not within the lead time and not full. `reason` says why there are none.
 */
export function timesOnDate(date: string, now: Date, rules: FulfilmentTimeRules, counts: SlotCounts = {}): TimesOnDate {
  const today = localToday(now, rules.timezone);
  const days = daysBetween(today, date);
  if (days < 0) return { times: [], reason: 'past' };
  if (days >= rules.daysAhead) return { times: [], reason: 'too_far' };
  if (closedOn(date, rules)) return { times: [], reason: 'closed' };
  const all = slotsOnDate(date, rules);
  const times: OfferedTime[] = [];
  if (date === today && rules.asapEnabled) {
    const asap = asapAt(now, rules);
    if (asap !== 'closed' && !isFull(asap.slotStart, rules, counts)) {
      const local = toZoned(asap.ready, rules.timezone);
      times.push({
        value: 'asap',
        date: local.date,
        time: local.time,
        starts_at: iso(asap.ready),
        slot_start: asap.slotStart,
      });
    }
  }
  const earliest = now.getTime() + rules.leadMinutes * minute;
  const upcoming = all.filter((slot) => Date.parse(slot.starts_at) >= earliest);
  for (const slot of upcoming) {
    if (isFull(slot.starts_at, rules, counts)) continue;
    times.push({ value: slot.time, date, time: slot.time, starts_at: slot.starts_at, slot_start: slot.starts_at });
  }
  if (times.length > 0) return { times, reason: null };
  if (all.length === 0) return { times, reason: 'closed' };
  return { times, reason: upcoming.length === 0 ? 'none_left' : 'full' };
}

/** The local dates from today (at most `daysAhead`) that still have a time to offer, in order. */
export function datesWithTimes(now: Date, rules: FulfilmentTimeRules, counts: SlotCounts = {}): string[] {
  const today = localToday(now, rules.timezone);
  const dates: string[] = [];
  for (let day = 0; day < rules.daysAhead; day++) {
    const date = addDays(today, day);
    if (timesOnDate(date, now, rules, counts).times.length > 0) dates.push(date);
  }
  return dates;
}

/**
 * Checks a chosen date and time ('HH:MM' or 'asap') at order time: the instant the order is due and
 * the kitchen slot it takes, or why it cannot be taken. The date may be omitted for ASAP.
 */
export function resolveOrderTime(
  choice: { date?: string | null | undefined; time: string; now: Date },
  rules: FulfilmentTimeRules,
  counts: SlotCounts = {},
): OrderTimeResult {
  const { date, time, now } = choice;
  const today = localToday(now, rules.timezone);
  if (date != null && !isValidDate(date)) return { ok: false, reason: 'not_offered' };
  if (date != null && daysBetween(today, date) < 0) return { ok: false, reason: 'past' };

  if (time === 'asap') {
    if (!rules.asapEnabled || (date != null && date !== today)) return { ok: false, reason: 'not_offered' };
    if (closedOn(today, rules)) return { ok: false, reason: 'closed' };
    const asap = asapAt(now, rules);
    if (asap === 'closed') return { ok: false, reason: 'closed' };
    if (isFull(asap.slotStart, rules, counts)) return { ok: false, reason: 'full' };
    return { ok: true, asap: true, scheduled_for: iso(asap.ready), slot_start: asap.slotStart };
  }

  if (date == null || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return { ok: false, reason: 'not_offered' };
  const startsAt = fromZoned(date, time, rules.timezone);
  if (!startsAt) return { ok: false, reason: 'not_offered' };
  const at = Date.parse(startsAt);
  if (at <= now.getTime()) return { ok: false, reason: 'past' };
  if (daysBetween(today, date) >= rules.daysAhead) return { ok: false, reason: 'not_offered' };
  if (closedOn(date, rules)) return { ok: false, reason: 'closed' };
  if (!openAt(rules, new Date(at))) return { ok: false, reason: 'closed' };
  if (!offersSlot(date, time, startsAt, rules)) return { ok: false, reason: 'not_offered' };
  if (at < now.getTime() + rules.leadMinutes * minute) return { ok: false, reason: 'too_soon' };
  if (isFull(startsAt, rules, counts)) return { ok: false, reason: 'full' };
  return { ok: true, asap: false, scheduled_for: startsAt, slot_start: startsAt };
}

const labelFormats = new Map<string, Intl.DateTimeFormat>();

/** '6:15 pm' (en-AU) for an instant on the restaurant's clock. */
export function timeLabel(instant: string, timezone: string, locale: string): string {
  const key = `${locale}|${timezone}`;
  let format = labelFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: timezone, hour: 'numeric', minute: '2-digit' });
    labelFormats.set(key, format);
  }
  return format.format(new Date(instant));
}

/** 'ASAP (about 20 min)'. */
export function asapLabel(leadMinutes: number): string {
  return `ASAP (about ${leadMinutes} min)`;
}

/** The instant with the restaurant's own UTC offset, e.g. '2026-11-24T18:15:00+11:00'. */
export function isoWithOffset(instant: string, timezone: string): string {
  const ms = Date.parse(instant);
  const local = toZoned(ms, timezone);
  const seconds = String(new Date(ms).getUTCSeconds()).padStart(2, '0');
  const offset = offsetMinutes(ms, timezone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local.date}T${local.time}:${seconds}${sign}${hh}:${mm}`;
}
