import { runtimeConfig } from '@/config/runtime';

/** Names the reports page and its charts share (kept apart so the page need not load the charts). */
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Rows of the heat map, Monday first like the period presets. */
export const weekOrder = [1, 2, 3, 4, 5, 6, 0];
// One set of names for the page, its charts and the CSV (core's report tables).
export { reportHourLabel as hourLabel, reportMethodNames as methodNames } from '@orderfront/core';

/** A local date as 'Tue 17 Nov'. */
export const dayLabel = (date: string) =>
  `${weekdayNames[new Date(`${date}T00:00:00Z`).getUTCDay()]?.slice(0, 3)} ${shortDate(date)}`;

/** A local date as '9 Nov'. */
export function shortDate(date: string) {
  return new Intl.DateTimeFormat(runtimeConfig.tenant.locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
