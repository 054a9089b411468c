import { runtimeConfig } from '@/config/runtime';

let formatter: Intl.NumberFormat | undefined;

/** Integer cents in the tenant's currency and locale (DESIGN §4): 1850 → "$18.50". */
export function formatCents(cents: number): string {
  formatter ??= new Intl.NumberFormat(runtimeConfig.tenant.locale, {
    style: 'currency',
    currency: runtimeConfig.tenant.currency,
  });
  return formatter.format(cents / 100);
}

/** "+$4.00" for a surcharge, "−$3.00" for a discount, "" for none. */
export function formatAdjustment(cents: number): string {
  if (cents === 0) return '';
  return cents > 0 ? `+${formatCents(cents)}` : `−${formatCents(-cents)}`;
}
