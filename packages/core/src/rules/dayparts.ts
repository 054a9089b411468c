import type { Daypart } from '../contract/catalogue-editor.js';
import { toZoned } from './zoned-time.js';

// Decision 038's dayparts, apart from the editor's rules: the menu reads them, and a page loads this
// module without the editor's change list and CSV form (decision 056).

/** Whether a category with these dayparts is served at `now` in the restaurant's zone (none: always). */
export function inDaypart(dayparts: readonly Daypart[], now: Date | string | number, timeZone: string): boolean {
  if (dayparts.length === 0) return true;
  const local = toZoned(now, timeZone);
  return dayparts.some((d) => d.weekday === local.weekday && d.from <= local.time && local.time < d.to);
}

const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Served Mon 06:00–11:00, Tue 06:00–11:00": what the menu tells a customer outside the daypart. */
export function daypartSummary(dayparts: readonly Daypart[]): string {
  const byWindow = new Map<string, number[]>();
  for (const d of dayparts) {
    const window = `${d.from}–${d.to}`;
    byWindow.set(window, [...(byWindow.get(window) ?? []), d.weekday]);
  }
  const parts = [...byWindow].map(([window, days]) => {
    const names =
      days.length === 7
        ? 'daily'
        : [...days]
            .sort()
            .map((d) => weekdayNames[d])
            .join(', ');
    return `${names} ${window}`;
  });
  return `Served ${parts.join('; ')}`;
}
