/**
 * Wall-clock time in an IANA timezone, with nothing but Intl (no date library in the browser
 * bundle). Dates are 'YYYY-MM-DD', times 'HH:MM', instants ISO-8601 UTC strings. Everything the
 * spec times happens on the restaurant's clock (DESIGN.md §4): a coupon "valid until 23:59" ends at
 * 23:59 in Sydney, not in UTC or the browser's zone. Nothing here reads the clock.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface ZonedParts {
  date: string;
  time: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

function partsOf(ms: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/**
 * Offsets already asked, by zone and instant: a pure answer of Intl's, and every order's time check
 * asks the same few instants again (its date's midnights, its slot's day either side; decision 053).
 */
const offsets = new Map<string, number>();

/** Minutes the zone is ahead of UTC at the instant `ms`. */
export function offsetMinutes(ms: number, timeZone: string): number {
  const key = `${timeZone}|${ms}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const p = partsOf(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const offset = Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
  if (offsets.size >= 4096) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

const pad = (n: number) => String(n).padStart(2, '0');

function zonedAt(ms: number, timeZone: string): ZonedParts & { second: number } {
  const p = partsOf(ms, timeZone);
  const date = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  return { date, time: `${pad(p.hour)}:${pad(p.minute)}`, weekday: weekdayOf(date), second: p.second };
}

/**
 * The UTC minutes asked of each zone, with their local parts. Intl's formatToParts is the costly
 * step of every cart pricing and slot (decision 050); within one UTC minute the local minute is the
 * same whenever the zone's offset is whole minutes (its start shows second 0), as every offset in
 * use today is, and offsets change on whole minutes.
 */
const minutesAsked = new Map<string, ZonedParts>();

/** The local date, time and weekday of an instant in the zone. */
export function toZoned(instant: string | number | Date, timeZone: string): ZonedParts {
  const ms = typeof instant === 'number' ? instant : new Date(instant).getTime();
  const minute = Math.floor(ms / 60_000);
  // Several minutes per zone, not only the last: an order asks of now and of its slot in turn (decision 053).
  const key = `${timeZone}|${minute}`;
  const known = minutesAsked.get(key);
  if (known) return { ...known };
  if (!Number.isFinite(minute)) return zonedAt(ms, timeZone); // Intl's RangeError
  const { second, ...parts } = zonedAt(minute * 60_000, timeZone);
  if (second !== 0) {
    const { second: _second, ...exact } = zonedAt(ms, timeZone);
    return exact;
  }
  if (minutesAsked.size >= 4096) minutesAsked.clear();
  minutesAsked.set(key, parts);
  return { ...parts };
}

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The local date, time and weekday of an ISO instant that names its zone (Z or an offset), as the
 * pricing engine's `now`; anything else is a RangeError, as is an unknown zone.
 */
export function localTimeAt(instant: string, timeZone: string): ZonedParts {
  const ms = isoInstant.test(instant) ? Date.parse(instant) : Number.NaN;
  if (Number.isNaN(ms)) throw new RangeError(`now must be an ISO instant with a zone, got ${instant}`);
  return toZoned(ms, timeZone);
}

function localMs(date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, hh, mm);
}

/**
 * The instant a wall-clock time happens in the zone: null when the clocks skip it (spring forward);
 * the earlier of the two when it happens twice (fall back), so a slot is offered once.
 */
export function fromZoned(date: string, time: string, timeZone: string): string | null {
  const wall = localMs(date, time);
  const day = 86_400_000;
  const offsets = new Set([offsetMinutes(wall - day, timeZone), offsetMinutes(wall + day, timeZone)]);
  const instants = [...offsets]
    .map((offset) => wall - offset * 60_000)
    .filter((ms) => offsetMinutes(ms, timeZone) * 60_000 === wall - ms)
    .sort((a, b) => a - b);
  const first = instants[0];
  return first === undefined ? null : new Date(first).toISOString();
}

/**
 * The local midnight that starts the last `days` days, today included ("last 30 days" on a
 * dashboard). A zone that skips midnight (some DST changes) starts at 01:00 instead.
 */
export function startOfLastDays(now: Date | string | number, days: number, timeZone: string): string {
  const first = addDays(toZoned(now, timeZone).date, 1 - days);
  return fromZoned(first, '00:00', timeZone) ?? (fromZoned(first, '01:00', timeZone) as string);
}

/** 0 = Sunday … 6 = Saturday of a calendar date. */
export function weekdayOf(date: string): number {
  return new Date(localMs(date, '00:00')).getUTCDay();
}

/** The calendar date `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(localMs(date, '00:00') + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (calendar dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((localMs(to, '00:00') - localMs(from, '00:00')) / 86_400_000);
}

export function isValidDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  return new Date(localMs(date, '00:00')).toISOString().slice(0, 10) === date;
}

export function minutesOfDay(time: string): number {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return hh * 60 + mm;
}

export function timeOfMinutes(minutes: number): string {
  return `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
}
