import { type Cart, type CartItem, cartSchema } from '@orderfront/core';

type ProductLine = Extract<CartItem, { is_half_and_half: false; deal_id: null; combo_product_id: null }>;

/** A product line as GET /v2/cart answers it: `quantity` × `unit` cents, nothing discounted. */
export function productLine(id: number, name: string, quantity: number, unit: number): ProductLine {
  return {
    id,
    quantity,
    unit_price: unit,
    item_total: unit * quantity,
    discounted_item_total: unit * quantity,
    applied_coupon: null,
    is_auto_coupon: false,
    is_free: false,
    offer_type: null,
    offer_quantity_applied: 0,
    cart_portions: [],
    combo_product_id: null,
    combo_products: null,
    coupon_id: null,
    coupons: null,
    deal_id: null,
    deals: null,
    deal_component_type_id: null,
    deal_component_types: [],
    discount_amount: 0,
    is_half_and_half: false,
    notes: '',
    products: { id, name, description: '' },
    restaurant_id: 1,
    restaurant_products: { id, price: unit, online_price: unit, products: { id, name } },
    cart_modifiers: [],
    cart_configurations: [],
    other_carts: [],
    tax: 0,
    order_level_discount: 0,
    image: { image_url: '/images/menu/placeholder.svg' },
  };
}

/**
 * A GET /v2/cart answer of these lines, its totals summed from them (`patch` overrides any field).
 * Parsed with the contract's schema, so a fixture cannot drift from what the API may answer.
 */
export function cartReply(items: readonly CartItem[], patch: Partial<Cart> = {}): Cart {
  const sum = (of: (item: CartItem) => number) => items.reduce((total, item) => total + of(item), 0);
  const subtotal = sum((i) => i.item_total);
  const total = sum((i) => i.discounted_item_total);
  const item_count = sum((i) => i.quantity);
  return cartSchema.parse({
    items,
    item_count,
    total,
    totals: {
      subtotal,
      discount: subtotal - total,
      tax: sum((i) => i.tax),
      delivery: 0,
      surcharge: 0,
      total,
      item_count,
    },
    adjustments: [],
    ...patch,
  });
}
