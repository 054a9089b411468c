import { runtimeConfig } from '@/config/runtime';

const formatters = new Map<string, Intl.NumberFormat>();

/** Integer cents in the tenant's locale (DESIGN §4), in the tenant's currency unless given: 1850 → "$18.50". */
export function formatMoney(cents: number, currency = runtimeConfig.tenant.currency): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat(runtimeConfig.tenant.locale, { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}
