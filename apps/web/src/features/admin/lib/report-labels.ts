import { runtimeConfig } from '@/config/runtime';

/** Names the reports page and its charts share (kept apart so the page need not load the charts). */
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Rows of the heat map, Monday first like the period presets. */
export const weekOrder = [1, 2, 3, 4, 5, 6, 0];
export const methodNames = { pickup: 'Pickup', delivery: 'Delivery', dine_in: 'Dine-in' } as const;
export const paymentNames = { card: 'Card', cash: 'Cash', gift_card: 'Gift card', points: 'Points' } as const;
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** A local date as '9 Nov'. */
export function shortDate(date: string) {
  return new Intl.DateTimeFormat(runtimeConfig.tenant.locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
