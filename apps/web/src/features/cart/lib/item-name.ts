import type { CartItem } from '@storefront/core';

export const placeholderImage = '/images/menu/placeholder.svg';

/** Spec §3: the product's, else the combo's, else the deal's name, else 'Unknown Item'. */
export function itemName(item: Pick<CartItem, 'products' | 'combo_products' | 'deals'>): string {
  return item.products?.name || item.combo_products?.name || item.deals?.name || 'Unknown Item';
}

let formatter: Intl.NumberFormat | undefined;

/** Integer cents in the tenant's currency and locale. */
export function formatCents(cents: number, locale: string, currency: string): string {
  formatter ??= new Intl.NumberFormat(locale, { style: 'currency', currency });
  return formatter.format(cents / 100);
}
