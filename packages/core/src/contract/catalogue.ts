import { z } from 'zod';
import { daypartSchema, menuLabelSchema, taxClassSchema } from './catalogue-editor.js';
import { envelope } from './envelope.js';

/**
 * The catalogue as the storefront reads it: a restaurant's menu for one sales channel.
 * Field names follow the cart item of spec §3 (restaurant_products id/price/online_price with a
 * nested `products`, restaurant_product_modifiers with configurations, attributes and values with
 * price_adjustment, combo products, deals with deal_component_types). Money is integer cents.
 */

/** online: the website and app (online_price); in_store and dine_in: the restaurant's price. */
export const menuChannels = ['online', 'in_store', 'dine_in'] as const;
export const menuChannelSchema = z.enum(menuChannels);
export type MenuChannel = z.infer<typeof menuChannelSchema>;

const cents = z.number().int();
const id = z.number().int().positive();

export const imageSchema = z.object({ image_url: z.string() });

export const categorySchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  sort_order: z.number().int(),
  image: imageSchema,
  /** When it is served, in the restaurant's time (none: always); outside them its products cannot be ordered. */
  dayparts: z.array(daypartSchema).optional(),
});
export type Category = z.infer<typeof categorySchema>;

export const modifierConfigurationSchema = z.object({
  id,
  name: z.string(),
  price_adjustment: cents,
});
export type ModifierConfiguration = z.infer<typeof modifierConfigurationSchema>;

/** One option of a modifier group, priced per restaurant (restaurant_product_modifiers). */
export const modifierSchema = z.object({
  id,
  name: z.string(),
  price: cents,
  online_price: cents,
  /** The price on the channel asked for. */
  unit_price: cents,
  /** How many of this option one item may carry. */
  max_quantity: z.number().int().positive(),
  is_available: z.boolean(),
  /** Chosen when the product dialog opens. */
  is_default: z.boolean().optional(),
  configurations: z.array(modifierConfigurationSchema),
});
export type Modifier = z.infer<typeof modifierSchema>;

export const modifierGroupSchema = z.object({
  id,
  name: z.string(),
  /** Fewest and most options (counting quantities) a customer must / may choose. */
  min_select: z.number().int().nonnegative(),
  max_select: z.number().int().positive(),
  /** How many chosen options cost nothing (the cheapest ones); absent: none. */
  free_quantity: z.number().int().nonnegative().optional(),
  modifiers: z.array(modifierSchema),
});
export type ModifierGroup = z.infer<typeof modifierGroupSchema>;

export const attributeValueSchema = z.object({
  id,
  display_value: z.string(),
  price_adjustment: cents,
  is_default: z.boolean(),
});
export type AttributeValue = z.infer<typeof attributeValueSchema>;

/** A choice every item must make exactly once (e.g. Size), adjusting the price. */
export const attributeSchema = z.object({
  id,
  display_name: z.string(),
  values: z.array(attributeValueSchema),
});
export type Attribute = z.infer<typeof attributeSchema>;

export const masterProductSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  image: imageSchema,
});

/** A product as one restaurant sells it (restaurant_products in the cart item). */
export const menuProductSchema = z.object({
  id,
  product_id: id,
  category_id: id,
  price: cents,
  online_price: cents,
  /** The price on the channel asked for. */
  unit_price: cents,
  /** false when switched off or when stock_count is 0: shown greyed or hidden, never orderable. */
  is_available: z.boolean(),
  stock_count: z.number().int().nonnegative().nullable(),
  unit: z.string().nullable(),
  is_half_and_half: z.boolean(),
  is_best_seller: z.boolean(),
  is_new: z.boolean(),
  sort_order: z.number().int(),
  /** Dietary and heat labels, shown as badges and filters. */
  labels: z.array(menuLabelSchema).optional(),
  /** Absent: standard (decision 042). */
  tax_class: taxClassSchema.optional(),
  products: masterProductSchema,
  attributes: z.array(attributeSchema),
  modifier_groups: z.array(modifierGroupSchema),
});
export type MenuProduct = z.infer<typeof menuProductSchema>;

export const menuSchema = z.object({
  restaurant_id: id,
  /** The restaurant's time zone: categories' dayparts are its local hours. */
  timezone: z.string().optional(),
  channel: menuChannelSchema,
  /** Bumped by every catalogue write for the restaurant; also the ETag. */
  version: z.number().int().positive(),
  categories: z.array(categorySchema),
  products: z.array(menuProductSchema),
});
export type Menu = z.infer<typeof menuSchema>;

/** One choice a slot of a deal or combo offers, with the surcharge it adds (0 for most). */
export const bundleSlotChoiceSchema = z.object({
  restaurant_product_id: id,
  product_id: id,
  name: z.string(),
  extra_price: cents,
  /** The product's size this choice gives ('Large', decision 048); absent: its default size. */
  size: z.string().optional(),
  is_available: z.boolean(),
});
export type BundleSlotChoice = z.infer<typeof bundleSlotChoiceSchema>;

/** A slot to fill `quantity` times, e.g. 'Large pizza' × 2. */
export const bundleSlotSchema = z.object({
  id,
  name: z.string(),
  quantity: z.number().int().positive(),
  choices: z.array(bundleSlotChoiceSchema),
});
export type BundleSlot = z.infer<typeof bundleSlotSchema>;

const bundleFields = {
  id,
  name: z.string(),
  description: z.string(),
  price: cents,
  online_price: cents,
  unit_price: cents,
  is_available: z.boolean(),
  image: imageSchema,
};

export const dealSchema = z.object({ ...bundleFields, deal_component_types: z.array(bundleSlotSchema) });
export type Deal = z.infer<typeof dealSchema>;

export const comboSchema = z.object({ ...bundleFields, combo_products: z.array(bundleSlotSchema) });
export type Combo = z.infer<typeof comboSchema>;

export const dealsSchema = z.object({
  restaurant_id: id,
  channel: menuChannelSchema,
  version: z.number().int().positive(),
  deals: z.array(dealSchema),
});
export const combosSchema = z.object({
  restaurant_id: id,
  channel: menuChannelSchema,
  version: z.number().int().positive(),
  combos: z.array(comboSchema),
});
export type Deals = z.infer<typeof dealsSchema>;
export type Combos = z.infer<typeof combosSchema>;

/** A row id in a path: a positive 32-bit integer (a larger one can match nothing, and PostgreSQL
 * would refuse to compare it with an integer column). */
const pathId = z.coerce.number().int().positive().max(2_147_483_647);
export const menuParamsSchema = z.strictObject({ restaurant_id: pathId });
export const productParamsSchema = z.strictObject({ restaurant_id: pathId, restaurant_product_id: pathId });
export const menuQuerySchema = z.strictObject({ channel: menuChannelSchema.default('online') });

export const menuResponseSchema = envelope(menuSchema);
export const productResponseSchema = envelope(menuProductSchema);
export const dealsResponseSchema = envelope(dealsSchema);
export const combosResponseSchema = envelope(combosSchema);
