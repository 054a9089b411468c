import type { CartItem } from '@orderfront/core';

export const placeholderImage = '/images/menu/placeholder.svg';

/** Spec §3: the product's, else the combo's, else the deal's name, else 'Unknown Item'. */
export function itemName(item: Pick<CartItem, 'products' | 'combo_products' | 'deals'>): string {
  return item.products?.name || item.combo_products?.name || item.deals?.name || 'Unknown Item';
}
