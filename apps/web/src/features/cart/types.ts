/** The cart as GET /v2/cart answers it (spec §3 Cart item and Cart response). Money in cents. */
export interface CartModifier {
  quantity: number;
  restaurant_product_modifiers: {
    id: number;
    modifier: { name: string };
    price: number;
    online_price: number;
    cart_modifier_configurations: { id: number; name: string; price_adjustment: number }[];
  };
}

export interface CartItem {
  id: number;
  quantity: number;
  unit_price: number;
  item_total: number;
  discounted_item_total: number;
  applied_coupon: string | null;
  is_auto_coupon: boolean;
  is_free: boolean;
  offer_type: string | null;
  offer_quantity_applied: number;
  cart_portions: {
    restaurant_product_id: number;
    product_id: number;
    products: { id: number; name: string };
    cart_modifiers: CartModifier[];
  }[];
  combo_product_id: number | null;
  combo_products: { id: number; name: string } | null;
  coupon_id: number | null;
  deal_id: number | null;
  deals: { id: number; name: string } | null;
  deal_component_types: { id: number; name: string; products: { name: string }; quantity: number }[];
  discount_amount: number;
  is_half_and_half: boolean;
  notes: string;
  products: { id: number; name: string } | null;
  restaurant_id: number;
  cart_modifiers: CartModifier[];
  cart_configurations: {
    attributes: { id: number; display_name: string };
    attribute_values: { id: number; display_value: string };
    price_adjustment: number;
  }[];
  tax: number;
  order_level_discount: number;
  image: { image_url: string };
}

export interface CartTotals {
  subtotal: number;
  discount: number;
  tax: number;
  delivery: number;
  surcharge: number;
  total: number;
  item_count: number;
}

/** A discount or charge the server applied, with its reason (coupon, auto_coupon, offers, charges). */
export interface CartAdjustment {
  reason: string;
  code: string | null;
  /** Customer-facing, e.g. 'SAVE10: 10% off' or 'Buy 2 drinks, get 1 free'. */
  label: string;
  /** Signed cents: negative for discounts. */
  amount: number;
}

export interface Cart {
  items: CartItem[];
  item_count: number;
  total: number;
  totals?: CartTotals;
  adjustments?: CartAdjustment[];
}
