import { z } from 'zod';
import { adjustmentReasons } from '../pricing/types.js';
import { envelope } from './envelope.js';

/**
 * The cart calls of spec §7 with the cart item of spec §3, priced by the server from the catalogue
 * (docs/decisions/010-cart-lines-and-repricing.md). Money is integer cents.
 *
 * A cart line is a product, a half-and-half, a deal or a combo. The spec's field names carry no
 * `kind`, so each variant pins the fields that tell it apart: `is_half_and_half`, and which of
 * `deal_id` / `combo_product_id` is set (`null` otherwise). A TypeScript reader narrows on them
 * (`item.deal_id !== null`), and zod checks each variant's own shape.
 */

const id = z.number().int().positive();
const cents = z.number().int();
const count = z.number().int().nonnegative();
const quantity = z.number().int().positive().max(99);
const none = z.tuple([]);

// --- POST /v2/cart: what the product, deal and combo dialogs send --------------------------------

export const cartModifierInputSchema = z.strictObject({
  modifier_id: id,
  quantity,
  configurations: z.array(z.strictObject({ configuration_id: id })).max(20),
});
export const cartConfigurationInputSchema = z.strictObject({
  attribute_id: id,
  attribute_value_id: id,
  price_adjustment: cents,
});
export const cartPortionInputSchema = z.strictObject({
  restaurant_product_id: id,
  product_id: id,
  modifiers: z.array(cartModifierInputSchema).max(50),
});
export const cartChildInputSchema = z.strictObject({
  deal_component_type_id: id.optional(),
  combo_product_slot_id: id.optional(),
  restaurant_product_id: id,
  product_id: id,
  /** The size of the slot's choice (decision 048): sent when the choice names one. */
  size: z.string().trim().min(1).max(120).optional(),
  quantity,
});

const identity = {
  user_id: z.number().int().positive().optional(),
  guest_id: z.number().int().min(1_000_000).max(9_999_999).optional(),
};

const notes = z.string().max(500);
const modifiers = z.array(cartModifierInputSchema).max(50);
const configurations = z.array(cartConfigurationInputSchema).max(20);
const portions = z.array(cartPortionInputSchema).length(2);
const children = z.array(cartChildInputSchema).min(1).max(20);

/**
 * A product body as the server first reads it: `is_half_and_half` and `portions` are checked
 * against each other afterwards, so a missing or stray `portions` gets its own message.
 */
export const addProductToCartSchema = z.strictObject({
  restaurant_id: id,
  restaurant_product_id: id,
  product_id: id,
  quantity,
  is_half_and_half: z.boolean(),
  notes,
  modifiers,
  configurations,
  portions: portions.optional(),
  ...identity,
});
export const addWholeProductToCartSchema = addProductToCartSchema
  .omit({ portions: true })
  .extend({ is_half_and_half: z.literal(false) });
export const addHalfAndHalfToCartSchema = addProductToCartSchema.extend({
  is_half_and_half: z.literal(true),
  portions,
});
/** A product (whole, or two halves: the first portion is the product itself). */
export const addProductPayloadSchema = z.discriminatedUnion('is_half_and_half', [
  addWholeProductToCartSchema,
  addHalfAndHalfToCartSchema,
]);

export const addDealToCartSchema = z.strictObject({
  restaurant_id: id,
  deal_id: id,
  quantity,
  notes,
  children,
  ...identity,
});
export const addComboToCartSchema = z.strictObject({
  restaurant_id: id,
  combo_product_id: id,
  quantity,
  notes,
  children,
  ...identity,
});

/** The body of spec §7 `POST /v2/cart`, one variant per kind of line. */
export const addToCartSchema = z.union([addProductPayloadSchema, addDealToCartSchema, addComboToCartSchema]);

export type CartModifierInput = z.infer<typeof cartModifierInputSchema>;
export type CartConfigurationInput = z.infer<typeof cartConfigurationInputSchema>;
export type CartPortionInput = z.infer<typeof cartPortionInputSchema>;
export type CartChildInput = z.infer<typeof cartChildInputSchema>;
export type AddProductToCart = z.infer<typeof addProductToCartSchema>;
export type AddProductPayload = z.infer<typeof addProductPayloadSchema>;
export type AddDealToCart = z.infer<typeof addDealToCartSchema>;
export type AddComboToCart = z.infer<typeof addComboToCartSchema>;
/** What the dialogs hand to the cart (the user_id or guest_id is added by the cart itself). */
export type AddToCartPayload = z.infer<typeof addToCartSchema>;

// --- GET /v2/cart: the priced cart ---------------------------------------------------------------

const named = { id, name: z.string() };

export const cartModifierSchema = z.strictObject({
  quantity,
  restaurant_product_modifiers: z.strictObject({
    id,
    modifier: z.strictObject({ name: z.string() }),
    price: cents,
    online_price: cents,
    cart_modifier_configurations: z.array(z.strictObject({ ...named, price_adjustment: cents })),
  }),
});
export const cartConfigurationSchema = z.strictObject({
  attributes: z.strictObject({ id, display_name: z.string() }),
  attribute_values: z.strictObject({ id, display_value: z.string() }),
  price_adjustment: cents,
});
export const cartPortionSchema = z.strictObject({
  restaurant_product_id: id,
  product_id: id,
  products: z.strictObject(named),
  cart_modifiers: z.array(cartModifierSchema),
});
/** One chosen item of a deal's or combo's slot (`id` and `name` are the slot's). */
export const cartBundleChildSchema = z.strictObject({
  ...named,
  restaurant_product_id: id,
  product_id: id,
  products: z.strictObject(named),
  /** The size the choice gives (decision 048); absent: the product's default size. */
  size: z.string().optional(),
  quantity,
  extra_price: cents,
});
const bundleSchema = z.strictObject({ ...named, price: cents, online_price: cents });

/** What every line has: the engine's prices and discounts, and the customer's note. */
const lineFields = {
  id,
  quantity,
  unit_price: cents,
  item_total: cents,
  discounted_item_total: cents,
  applied_coupon: z.string().nullable(),
  is_auto_coupon: z.boolean(),
  is_free: z.boolean(),
  offer_type: z.enum(['free_item', 'buy_x_get_y']).nullable(),
  offer_quantity_applied: count,
  coupon_id: id.nullable(),
  coupons: z.strictObject({ id, code: z.string() }).nullable(),
  deal_component_type_id: z.null(),
  discount_amount: cents,
  notes: z.string(),
  restaurant_id: id,
  other_carts: none,
  tax: cents,
  order_level_discount: cents,
  image: z.strictObject({ image_url: z.string() }),
};

const productLineFields = {
  ...lineFields,
  combo_product_id: z.null(),
  combo_products: z.null(),
  deal_id: z.null(),
  deals: z.null(),
  deal_component_types: none,
  products: z.strictObject({ ...named, description: z.string() }),
  restaurant_products: z.strictObject({ id, price: cents, online_price: cents, products: z.strictObject(named) }),
  cart_modifiers: z.array(cartModifierSchema),
  cart_configurations: z.array(cartConfigurationSchema),
};

const bundleLineFields = {
  ...lineFields,
  is_half_and_half: z.literal(false),
  cart_portions: none,
  deal_component_types: z.array(cartBundleChildSchema).min(1),
  products: z.null(),
  restaurant_products: z.null(),
  cart_modifiers: none,
  cart_configurations: none,
};

export const productCartItemSchema = z.strictObject({
  ...productLineFields,
  is_half_and_half: z.literal(false),
  cart_portions: none,
});
/** The line's product, modifiers and configurations are the first half's; `cart_portions` both halves. */
export const halfAndHalfCartItemSchema = z.strictObject({
  ...productLineFields,
  is_half_and_half: z.literal(true),
  cart_portions: z.tuple([cartPortionSchema, cartPortionSchema]),
});
export const dealCartItemSchema = z.strictObject({
  ...bundleLineFields,
  deal_id: id,
  deals: bundleSchema,
  combo_product_id: z.null(),
  combo_products: z.null(),
});
export const comboCartItemSchema = z.strictObject({
  ...bundleLineFields,
  combo_product_id: id,
  combo_products: bundleSchema,
  deal_id: z.null(),
  deals: z.null(),
});

/** Spec §3 cart item: a product, half-and-half, deal or combo line. */
export const cartItemSchema = z.union([
  productCartItemSchema,
  halfAndHalfCartItemSchema,
  dealCartItemSchema,
  comboCartItemSchema,
]);

export const cartTotalsSchema = z.strictObject({
  subtotal: cents,
  discount: cents,
  tax: cents,
  delivery: cents,
  surcharge: cents,
  total: cents,
  item_count: count,
});

/** A discount or charge the server applied, with its reason (docs/decisions/012-coupons-offers-and-redemptions.md). */
export const cartAdjustmentSchema = z.strictObject({
  reason: z.enum(adjustmentReasons),
  code: z.string().nullable(),
  /** Customer-facing, e.g. 'SAVE10: 10% off' or 'Buy 2 drinks, get 1 free'. */
  label: z.string(),
  /** Signed cents: negative for discounts. */
  amount: cents,
});

/** Spec §3 cart response (`items`, `item_count`, `total`) with the server's breakdown beside it. */
export const cartSchema = z.strictObject({
  items: z.array(cartItemSchema),
  item_count: count,
  total: cents,
  totals: cartTotalsSchema,
  adjustments: z.array(cartAdjustmentSchema),
  /**
   * Lines the published catalogue no longer lets the cart order (gone, archived, sold out, outside
   * its daypart), left out of the total, each with the reason to show (decision 038).
   */
  unavailable: z.array(z.strictObject({ id, message: z.string() })).optional(),
});

/** POST /v2/cart (the new line) and PUT /cart/update-cart (the line's new quantity). */
export const cartLineQuantitySchema = z.strictObject({ id, quantity });

export const cartResponseSchema = envelope(cartSchema);
export const cartLineQuantityResponseSchema = envelope(cartLineQuantitySchema);
export const cartLineRemovedResponseSchema = envelope(z.strictObject({ id }));
export const cartClearedResponseSchema = envelope(z.strictObject({ removed: count }));

export type CartModifier = z.infer<typeof cartModifierSchema>;
export type CartItem = z.infer<typeof cartItemSchema>;
export type CartTotals = z.infer<typeof cartTotalsSchema>;
export type CartAdjustment = z.infer<typeof cartAdjustmentSchema>;
export type Cart = z.infer<typeof cartSchema>;
export type CartLineQuantity = z.infer<typeof cartLineQuantitySchema>;
export type CartLineRemoved = z.infer<typeof cartLineRemovedResponseSchema>['data'];
export type CartCleared = z.infer<typeof cartClearedResponseSchema>['data'];
