/**
 * Wall-clock time at the restaurant: coupon and offer windows are written in the restaurant's
 * local time (a coupon "valid until 23:59" ends at 23:59 in Sydney, not in UTC or the browser's
 * zone). Intl does the zone and daylight-saving arithmetic; nothing here reads the clock.
 */

export interface LocalTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM', 00:00 to 23:59 */
  time: string;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    // Throws a RangeError for an unknown zone.
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The local date, time and weekday of an ISO instant (with Z or an offset) in an IANA zone. */
export function localTimeAt(instant: string, timeZone: string): LocalTime {
  const ms = isoInstant.test(instant) ? Date.parse(instant) : Number.NaN;
  if (Number.isNaN(ms)) throw new RangeError(`now must be an ISO instant with a zone, got ${instant}`);
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    weekday: weekdays.indexOf(parts.weekday ?? ''),
  };
}
