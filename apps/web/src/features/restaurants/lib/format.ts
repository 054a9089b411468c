import type { RestaurantEntry } from '@orderfront/core';

/** 'HH:MM' as the tenant's locale writes a time of day ('17:00' → '5:00 pm' in en-AU). */
export function formatTime(time: string, locale: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, hours, minutes),
  );
}

/** A local 'YYYY-MM-DD' as a short day ('2026-12-24' → 'Thu 24 Dec' in en-AU). */
export function formatDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
    .formatToParts(new Date(`${date}T12:00:00Z`))
    .map((part) => (part.type === 'literal' ? part.value.replace(',', '') : part.value))
    .join('');
}

/** One line of address: street, suburb and city (the suburb only when it differs from the city). */
export function addressLine({ street_name, suburb, city }: RestaurantEntry['restaurant']['address']): string {
  return [street_name, suburb !== city ? suburb : '', city].filter(Boolean).join(', ');
}
