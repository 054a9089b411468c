import type { Order, OrderLine, TaxClass } from '@orderfront/core';
import type { OrderRow } from '../../db/schema.js';
import type { CartLineSource, cartService } from '../cart/service.js';

/** What an order keeps of its cart: the priced lines (with their choices, for reorder) and adjustments. */
export interface Snapshot {
  /** Lines stored before tax classes (decision 048) have none: they were taxed at the standard rate. */
  lines: (Omit<OrderLine, 'tax_class'> & { tax_class?: TaxClass; source?: CartLineSource })[];
  adjustments: Order['adjustments'];
}

type PricedItem = Awaited<ReturnType<ReturnType<typeof cartService>['price']>>['items'][number];

export const readSnapshot = (row: Pick<OrderRow, 'snapshot'>) => JSON.parse(row.snapshot) as Snapshot;

/** The human lines under an item: options, modifiers, halves, deal or combo choices. */
function detailsOf(item: PricedItem): string[] {
  const modifiers = (list: PricedItem['cart_modifiers']) =>
    list.map((m) => {
      const configs = m.restaurant_product_modifiers.cart_modifier_configurations.map((c) => c.name);
      const name = m.restaurant_product_modifiers.modifier.name;
      return `${m.quantity > 1 ? `${m.quantity} × ` : ''}${name}${configs.length ? ` (${configs.join(', ')})` : ''}`;
    });
  return [
    ...item.cart_configurations.map((c) => `${c.attributes.display_name}: ${c.attribute_values.display_value}`),
    ...(item.cart_portions.length
      ? item.cart_portions.map((p, i) => {
          const extras = modifiers(p.cart_modifiers);
          return `${i === 0 ? 'First' : 'Second'} half: ${p.products.name}${extras.length ? ` + ${extras.join(', ')}` : ''}`;
        })
      : modifiers(item.cart_modifiers)),
    ...item.deal_component_types.map(
      (c) => `${c.name}: ${c.quantity > 1 ? `${c.quantity} × ` : ''}${c.products.name}${c.size ? ` (${c.size})` : ''}`,
    ),
  ];
}

export function snapshotLine(item: PricedItem, index: number): Snapshot['lines'][number] {
  return {
    id: index + 1,
    name: item.name,
    quantity: item.quantity,
    unit_price: item.unit_price,
    item_total: item.item_total,
    discount_amount: item.discount_amount,
    order_level_discount: item.order_level_discount,
    discounted_item_total: item.discounted_item_total,
    tax: item.tax,
    tax_class: item.tax_class,
    is_free: item.is_free,
    notes: item.notes || null,
    details: detailsOf(item),
    source: item.source,
  };
}
