import { runtimeConfig } from '@/config/runtime';

let formatter: Intl.NumberFormat | undefined;

export function formatMoney(cents: number, currency = runtimeConfig.tenant.currency): string {
  if (currency !== runtimeConfig.tenant.currency) {
    return new Intl.NumberFormat(runtimeConfig.tenant.locale, { style: 'currency', currency }).format(cents / 100);
  }
  formatter ??= new Intl.NumberFormat(runtimeConfig.tenant.locale, { style: 'currency', currency });
  return formatter.format(cents / 100);
}

/** '25' or '25.50' → cents; null for anything else. */
export function parseDollars(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
