import { describe, expect, it } from 'vitest';
import { addProductToCartSchema, addToCartSchema, cartItemSchema } from '../src/index.js';

const product = {
  restaurant_id: 1,
  restaurant_product_id: 2,
  product_id: 3,
  quantity: 1,
  notes: '',
  modifiers: [],
  configurations: [],
};
const portion = (id: number) => ({ restaurant_product_id: id, product_id: id, modifiers: [] });
const child = { deal_component_type_id: 4, restaurant_product_id: 5, product_id: 6, quantity: 1 };

describe('the POST /v2/cart body: one variant per kind of line', () => {
  it('takes a whole product, a half-and-half with its two portions, a deal and a combo', () => {
    expect(addToCartSchema.safeParse({ ...product, is_half_and_half: false }).success).toBe(true);
    const halves = { ...product, is_half_and_half: true, portions: [portion(2), portion(7)] };
    expect(addToCartSchema.safeParse(halves).success).toBe(true);
    const bundle = { restaurant_id: 1, quantity: 1, notes: '', children: [child] };
    expect(addToCartSchema.safeParse({ ...bundle, deal_id: 8 }).success).toBe(true);
    expect(addToCartSchema.safeParse({ ...bundle, combo_product_id: 9 }).success).toBe(true);
  });

  it('refuses a half-and-half without portions and portions on a whole product', () => {
    expect(addToCartSchema.safeParse({ ...product, is_half_and_half: true }).success).toBe(false);
    const stray = { ...product, is_half_and_half: false, portions: [portion(2), portion(7)] };
    expect(addToCartSchema.safeParse(stray).success).toBe(false);
    // The server's first read lets both through: its cart service names the mismatch itself.
    expect(addProductToCartSchema.safeParse({ ...product, is_half_and_half: true }).success).toBe(true);
  });
});

describe('the cart item of GET /v2/cart', () => {
  const priced = {
    id: 11,
    quantity: 2,
    unit_price: 1900,
    item_total: 3800,
    discounted_item_total: 3800,
    applied_coupon: null,
    is_auto_coupon: false,
    is_free: false,
    offer_type: null,
    offer_quantity_applied: 0,
    coupon_id: null,
    coupons: null,
    deal_component_type_id: null,
    discount_amount: 0,
    notes: '',
    restaurant_id: 1,
    other_carts: [],
    tax: 345,
    order_level_discount: 0,
    image: { image_url: '' },
  };
  const productLine = {
    ...priced,
    is_half_and_half: false,
    cart_portions: [],
    combo_product_id: null,
    combo_products: null,
    deal_id: null,
    deals: null,
    deal_component_types: [],
    products: { id: 3, name: 'Margherita', description: '' },
    restaurant_products: { id: 2, price: 2000, online_price: 1900, products: { id: 3, name: 'Margherita' } },
    cart_modifiers: [],
    cart_configurations: [],
  };
  const dealLine = {
    ...priced,
    is_half_and_half: false,
    cart_portions: [],
    combo_product_id: null,
    combo_products: null,
    deal_id: 8,
    deals: { id: 8, name: 'Family deal', price: 4000, online_price: 3800 },
    deal_component_types: [
      {
        id: 4,
        name: 'Pizza',
        restaurant_product_id: 2,
        product_id: 3,
        products: { id: 3, name: 'Margherita' },
        quantity: 1,
        extra_price: 0,
      },
    ],
    products: null,
    restaurant_products: null,
    cart_modifiers: [],
    cart_configurations: [],
  };

  it('is a product or a deal line, each with its own shape', () => {
    expect(cartItemSchema.safeParse(productLine).success).toBe(true);
    expect(cartItemSchema.safeParse(dealLine).success).toBe(true);
  });

  it('refuses a line that mixes kinds or carries a field the API does not send', () => {
    expect(cartItemSchema.safeParse({ ...dealLine, products: productLine.products }).success).toBe(false);
    expect(cartItemSchema.safeParse({ ...productLine, is_half_and_half: true }).success).toBe(false);
    expect(cartItemSchema.safeParse({ ...productLine, price: 1900 }).success).toBe(false);
  });
});
