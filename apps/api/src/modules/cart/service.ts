import {
  type AddComboToCart,
  type AddDealToCart,
  type AddProductToCart,
  addComboToCartSchema,
  addDealToCartSchema,
  addProductToCartSchema,
  type BundleSlot,
  bundleUnitPrice,
  type Combos,
  type Deals,
  type Menu,
  type MenuChannel,
  type MenuProduct,
  type ModifierPick,
  type PricingLineInput,
  priceCart,
  priceProductLine,
} from '@storefront/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { CartItemsTable } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { catalogueService, placeholderImage } from '../catalogue/service.js';
import { customerHistory, forPricing } from '../coupons/service.js';
import { settingsService } from '../settings/service.js';
import { type CartOwner, cartRepository } from './repository.js';

export const maxCartLines = 100;
export const otherRestaurantMessage =
  'Your cart has items from another restaurant. Clear your cart to order from this one.';

type Kind = CartItemsTable['kind'];

/** What the customer chose, stored as JSON on the line; prices come from the catalogue on every read. */
export interface CartSelection {
  configurations: { attribute_id: number; attribute_value_id: number }[];
  modifiers: ModifierPick[];
  portions?: { restaurant_product_id: number; product_id: number; modifiers: ModifierPick[] }[];
  children?: { slot_id: number; restaurant_product_id: number; product_id: number; quantity: number }[];
}

interface StoredLine {
  id: number;
  restaurant_id: number;
  kind: Kind;
  restaurant_product_id: number | null;
  product_id: number | null;
  deal_id: number | null;
  combo_product_id: number | null;
  quantity: number;
  notes: string;
  selection: CartSelection;
}

interface Catalogue {
  menu: Menu;
  deals: Deals;
  combos: Combos;
}

const bad = (message: string, fields?: Record<string, string>) => new AppError('bad_request', message, fields);

const toPicks = (modifiers: AddProductToCart['modifiers']): ModifierPick[] =>
  modifiers.map((m) => ({
    modifier_id: m.modifier_id,
    quantity: m.quantity,
    configuration_ids: m.configurations.map((c) => c.configuration_id),
  }));

function zodFields(
  issues: readonly { path: readonly PropertyKey[]; message: string; code: string; keys?: string[] }[],
) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) fields[base ? `${base}.${key}` : key] = 'Unknown field';
    } else fields[base || 'request'] = issue.message;
  }
  return fields;
}

/** Picks the spec §7 variant by its id field and validates it (unknown fields name themselves). */
export function parseAddBody(body: unknown): AddProductToCart | AddDealToCart | AddComboToCart {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw bad('Request body must be an object');
  const schema =
    'deal_id' in body
      ? addDealToCartSchema
      : 'combo_product_id' in body
        ? addComboToCartSchema
        : addProductToCartSchema;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw bad('Invalid request', zodFields(parsed.error.issues as never));
  return parsed.data;
}

function productName(product: MenuProduct) {
  return product.products.name;
}

/** Resolves a stored line against the catalogue of one channel: its unit price and display parts. */
function resolveLine(line: StoredLine, catalogue: Catalogue) {
  const { menu } = catalogue;
  const findProduct = (restaurantProductId: number | null, productId: number | null) => {
    const product = menu.products.find((p) => p.id === restaurantProductId && p.product_id === productId);
    if (!product) throw new AppError('not_found', 'Product not found');
    if (!product.is_available) throw new AppError('unprocessable', `${productName(product)} is not available`);
    return product;
  };

  if (line.kind === 'deal' || line.kind === 'combo') {
    const bundles =
      line.kind === 'deal'
        ? catalogue.deals.deals.map((d) => ({ ...d, slots: d.deal_component_types }))
        : catalogue.combos.combos.map((c) => ({ ...c, slots: c.combo_products }));
    const bundleId = line.kind === 'deal' ? line.deal_id : line.combo_product_id;
    const bundle = bundles.find((b) => b.id === bundleId);
    if (!bundle) throw new AppError('not_found', line.kind === 'deal' ? 'Deal not found' : 'Combo not found');
    if (!bundle.is_available) throw new AppError('unprocessable', `${bundle.name} is not available`);
    const children = line.selection.children ?? [];
    const extras: number[] = [];
    const described = children.map((child) => {
      const slot: BundleSlot | undefined = bundle.slots.find((s) => s.id === child.slot_id);
      if (!slot) throw bad(`${bundle.name} has no such choice`);
      const choice = slot.choices.find(
        (c) => c.restaurant_product_id === child.restaurant_product_id && c.product_id === child.product_id,
      );
      if (!choice) throw bad(`That item is not a choice for ${slot.name}`);
      if (!choice.is_available) throw new AppError('unprocessable', `${choice.name} is not available`);
      for (let i = 0; i < child.quantity; i++) extras.push(choice.extra_price);
      return { slot, choice, quantity: child.quantity };
    });
    for (const slot of bundle.slots) {
      const chosen = described.filter((d) => d.slot.id === slot.id).reduce((n, d) => n + d.quantity, 0);
      if (chosen !== slot.quantity) throw bad(`Choose ${slot.quantity} ${slot.name}`);
    }
    return {
      unit_price: bundleUnitPrice({ base: bundle.unit_price, extra_prices: extras }),
      name: bundle.name,
      image_url: bundle.image.image_url,
      category_id: null,
      bundle,
      children: described,
      product: null,
      halves: [] as MenuProduct[],
      modifiers: [] as ReturnType<typeof describeModifiers>,
      configurations: [] as ReturnType<typeof describeConfigurations>,
      portions: [] as { product: MenuProduct; modifiers: ReturnType<typeof describeModifiers> }[],
    };
  }

  const product = findProduct(line.restaurant_product_id, line.product_id);
  const attributeValues: Record<number, number> = {};
  for (const c of line.selection.configurations) {
    const attribute = product.attributes.find((a) => a.id === c.attribute_id);
    if (!attribute) throw bad('That option is not offered with this product');
    if (attributeValues[c.attribute_id] !== undefined) throw bad(`Choose one ${attribute.display_name}`);
    attributeValues[c.attribute_id] = c.attribute_value_id;
  }
  const portions = line.selection.portions;
  let halves: MenuProduct[] = [];
  let price: ReturnType<typeof priceProductLine>;
  try {
    if (line.kind === 'half_and_half') {
      if (portions?.length !== 2) throw bad('A half-and-half item needs two portions');
      const [first, second] = portions as [NonNullable<typeof portions>[0], NonNullable<typeof portions>[0]];
      if (first.restaurant_product_id !== product.id) throw bad('The first portion must be the product itself');
      const secondProduct = findProduct(second.restaurant_product_id, second.product_id);
      halves = [product, secondProduct];
      price = priceProductLine(product, {
        attribute_values: attributeValues,
        modifiers: first.modifiers,
        quantity: line.quantity,
        second_half: { product: secondProduct, modifiers: second.modifiers },
      });
    } else {
      price = priceProductLine(product, {
        attribute_values: attributeValues,
        modifiers: line.selection.modifiers,
        quantity: line.quantity,
      });
    }
  } catch (error) {
    if (error instanceof RangeError) throw bad(error.message);
    throw error;
  }
  const problems = Object.values(price.problems);
  if (problems.length > 0) throw bad(problems[0] as string, price.problems);
  return {
    unit_price: price.unit_price,
    name: productName(product),
    image_url: product.products.image.image_url,
    category_id: product.category_id,
    bundle: null,
    children: [],
    product,
    halves,
    modifiers: describeModifiers(product, line.selection.modifiers),
    configurations: describeConfigurations(product, attributeValues),
    portions:
      line.kind === 'half_and_half' && portions
        ? halves.map((half, i) => ({ product: half, modifiers: describeModifiers(half, portions[i]?.modifiers ?? []) }))
        : [],
  };
}

function describeModifiers(product: MenuProduct, picks: readonly ModifierPick[]) {
  return picks.flatMap((pick) => {
    const modifier = product.modifier_groups.flatMap((g) => g.modifiers).find((m) => m.id === pick.modifier_id);
    if (!modifier) return [];
    return [
      {
        quantity: pick.quantity,
        restaurant_product_modifiers: {
          id: modifier.id,
          modifier: { name: modifier.name },
          price: modifier.price,
          online_price: modifier.online_price,
          cart_modifier_configurations: modifier.configurations
            .filter((c) => pick.configuration_ids.includes(c.id))
            .map((c) => ({ id: c.id, name: c.name, price_adjustment: c.price_adjustment })),
        },
      },
    ];
  });
}

function describeConfigurations(product: MenuProduct, chosen: Record<number, number>) {
  return product.attributes.flatMap((attribute) => {
    const value = attribute.values.find((v) => v.id === chosen[attribute.id]);
    if (!value) return [];
    return [
      {
        attributes: { id: attribute.id, display_name: attribute.display_name },
        attribute_values: { id: value.id, display_value: value.display_value },
        price_adjustment: value.price_adjustment,
      },
    ];
  });
}

export interface CartQuery {
  coupon_code?: string | undefined;
  cash_on_delivery: boolean;
  dine_in: boolean;
}

export function cartService(db: Db, log?: FastifyBaseLogger) {
  const repo = cartRepository(db);
  const catalogue = catalogueService(db);
  const settings = settingsService(db, log);

  async function catalogueOf(tenantId: number, restaurantId: number, channel: MenuChannel): Promise<Catalogue> {
    const [menu, deals, combos] = await Promise.all([
      catalogue.menu(tenantId, restaurantId, channel),
      catalogue.deals(tenantId, restaurantId, channel),
      catalogue.combos(tenantId, restaurantId, channel),
    ]);
    return {
      menu: JSON.parse(menu.body).data as Menu,
      deals: JSON.parse(deals.body).data as Deals,
      combos: JSON.parse(combos.body).data as Combos,
    };
  }

  const toStored = (row: Awaited<ReturnType<typeof repo.lines>>[number]): StoredLine => ({
    id: row.id,
    restaurant_id: row.restaurant_id,
    kind: row.kind,
    restaurant_product_id: row.restaurant_product_id,
    product_id: row.product_id,
    deal_id: row.deal_id,
    combo_product_id: row.combo_product_id,
    quantity: row.quantity,
    notes: row.notes,
    selection: JSON.parse(row.selection) as CartSelection,
  });

  /** The cart, priced by the engine from today's catalogue (spec §3 cart items). */
  async function get(owner: CartOwner, query: CartQuery) {
    const rows = (await repo.lines(owner)).map(toStored);
    const emptyTotals = { subtotal: 0, discount: 0, tax: 0, delivery: 0, surcharge: 0, total: 0, item_count: 0 };
    const first = rows[0];
    if (!first) {
      if (query.coupon_code?.trim()) throw bad('Invalid coupon code');
      return { items: [], item_count: 0, total: 0, totals: emptyTotals, adjustments: [] };
    }
    const restaurantId = first.restaurant_id;
    const channel: MenuChannel = query.dine_in ? 'dine_in' : 'online';
    const [cat, tenant, restaurant, promotions, customer] = await Promise.all([
      catalogueOf(owner.tenantId, restaurantId, channel),
      db
        .selectFrom('tenants')
        .select(['tax_mode', 'tax_rate_bps'])
        .where('id', '=', owner.tenantId)
        .executeTakeFirstOrThrow(),
      db.selectFrom('restaurants').select(['timezone']).where('id', '=', restaurantId).executeTakeFirstOrThrow(),
      forPricing(db, { tenantId: owner.tenantId, restaurantId, code: query.coupon_code }),
      customerHistory(db, owner),
    ]);
    const resolved = rows.flatMap((line) => {
      try {
        return [{ line, r: resolveLine(line, cat) }];
      } catch (error) {
        // The catalogue changed under the line (product gone, unavailable): it is left out of the total.
        log?.info({ cartItemId: line.id, err: error }, 'cart line no longer orderable');
        return [];
      }
    });
    const pricingLines = resolved.map(({ line, r }): PricingLineInput & { ref: (typeof resolved)[number] } => ({
      id: line.id,
      kind: line.kind === 'half_and_half' ? 'half_and_half' : line.kind,
      quantity: line.quantity,
      unit_price_cents: r.unit_price,
      restaurant_id: line.restaurant_id,
      product_id: line.product_id,
      restaurant_product_id: line.restaurant_product_id,
      category_id: r.category_id,
      children: r.halves.map((h) => ({ product_id: h.product_id, category_id: h.category_id })),
      ref: { line, r },
    }));
    const result = priceCart({
      lines: pricingLines,
      tax: { mode: tenant.tax_mode, rate_bp: tenant.tax_rate_bps },
      context: {
        dine_in: query.dine_in,
        cash_on_delivery: query.cash_on_delivery,
        now: new Date().toISOString(),
        timezone: restaurant.timezone,
        customer,
      },
      coupon_code: query.coupon_code?.trim() || null,
      coupons: promotions.coupons,
      offers: promotions.offers,
    });
    if (result.coupon_rejection) throw bad(result.coupon_rejection.message);
    const items = result.lines.map((priced) => {
      const { line, r } = priced.ref;
      const product = r.product;
      return {
        id: line.id,
        quantity: line.quantity,
        unit_price: r.unit_price,
        item_total: priced.item_total,
        discounted_item_total: priced.discounted_item_total,
        applied_coupon: priced.applied_coupon,
        is_auto_coupon: priced.is_auto_coupon,
        is_free: priced.is_free,
        offer_type: priced.offer_type,
        offer_quantity_applied: priced.offer_quantity_applied,
        cart_portions: r.portions.map((p) => ({
          restaurant_product_id: p.product.id,
          product_id: p.product.product_id,
          products: { id: p.product.product_id, name: p.product.products.name },
          cart_modifiers: p.modifiers,
        })),
        combo_product_id: line.combo_product_id,
        combo_products:
          line.kind === 'combo' && r.bundle
            ? { id: r.bundle.id, name: r.bundle.name, price: r.bundle.price, online_price: r.bundle.online_price }
            : null,
        coupon_id: priced.coupon_id,
        coupons: priced.applied_coupon ? { id: priced.coupon_id, code: priced.applied_coupon } : null,
        deal_id: line.deal_id,
        deals:
          line.kind === 'deal' && r.bundle
            ? { id: r.bundle.id, name: r.bundle.name, price: r.bundle.price, online_price: r.bundle.online_price }
            : null,
        deal_component_type_id: null,
        deal_component_types: r.children.map((c) => ({
          id: c.slot.id,
          name: c.slot.name,
          restaurant_product_id: c.choice.restaurant_product_id,
          product_id: c.choice.product_id,
          products: { id: c.choice.product_id, name: c.choice.name },
          quantity: c.quantity,
          extra_price: c.choice.extra_price,
        })),
        discount_amount: priced.discount_amount,
        is_half_and_half: line.kind === 'half_and_half',
        notes: line.notes,
        products: product
          ? { id: product.product_id, name: product.products.name, description: product.products.description }
          : null,
        restaurant_id: line.restaurant_id,
        restaurant_products: product
          ? {
              id: product.id,
              price: product.price,
              online_price: product.online_price,
              products: { id: product.product_id, name: product.products.name },
            }
          : null,
        cart_modifiers: r.modifiers,
        cart_configurations: r.configurations,
        other_carts: [],
        tax: priced.tax,
        order_level_discount: priced.order_level_discount,
        image: { image_url: r.image_url || placeholderImage },
      };
    });
    return {
      items,
      item_count: result.totals.item_count,
      total: result.totals.total,
      totals: result.totals,
      adjustments: result.adjustments.map((a) => ({
        reason: a.reason,
        code: a.code,
        label: a.label,
        amount: a.amount,
      })),
    };
  }

  async function add(owner: CartOwner, input: AddProductToCart | AddDealToCart | AddComboToCart) {
    const restaurantId = input.restaurant_id;
    const cat = await catalogueOf(owner.tenantId, restaurantId, 'online'); // 404 for another tenant's restaurant
    await settings.assertOnlineOrdering(owner.tenantId, restaurantId);
    const existing = await repo.lines(owner);
    if (existing.some((l) => l.restaurant_id !== restaurantId)) throw new AppError('conflict', otherRestaurantMessage);
    if (existing.length >= maxCartLines) throw bad(`Your cart is full (at most ${maxCartLines} items)`);

    let stored: Omit<StoredLine, 'id'>;
    if ('deal_id' in input || 'combo_product_id' in input) {
      const isDeal = 'deal_id' in input;
      const children = input.children.map((c) => {
        const slotId = isDeal ? c.deal_component_type_id : c.combo_product_slot_id;
        if (slotId === undefined) {
          throw bad('Invalid request', {
            [isDeal ? 'children.deal_component_type_id' : 'children.combo_product_slot_id']: 'Required',
          });
        }
        return {
          slot_id: slotId,
          restaurant_product_id: c.restaurant_product_id,
          product_id: c.product_id,
          quantity: c.quantity,
        };
      });
      stored = {
        restaurant_id: restaurantId,
        kind: isDeal ? 'deal' : 'combo',
        restaurant_product_id: null,
        product_id: null,
        deal_id: isDeal ? input.deal_id : null,
        combo_product_id: isDeal ? null : (input as AddComboToCart).combo_product_id,
        quantity: input.quantity,
        notes: input.notes.trim(),
        selection: { configurations: [], modifiers: [], children },
      };
    } else {
      if (input.is_half_and_half !== (input.portions !== undefined)) {
        throw bad('A half-and-half item needs its two portions', { portions: 'Required with is_half_and_half' });
      }
      stored = {
        restaurant_id: restaurantId,
        kind: input.is_half_and_half ? 'half_and_half' : 'product',
        restaurant_product_id: input.restaurant_product_id,
        product_id: input.product_id,
        deal_id: null,
        combo_product_id: null,
        quantity: input.quantity,
        notes: input.notes.trim(),
        selection: {
          // Client prices (price_adjustment) are ignored: the catalogue's are used.
          configurations: input.configurations.map((c) => ({
            attribute_id: c.attribute_id,
            attribute_value_id: c.attribute_value_id,
          })),
          modifiers: toPicks(input.modifiers),
          ...(input.portions
            ? {
                portions: input.portions.map((p) => ({
                  restaurant_product_id: p.restaurant_product_id,
                  product_id: p.product_id,
                  modifiers: toPicks(p.modifiers),
                })),
              }
            : {}),
        },
      };
    }
    // Validates every id and choice against the catalogue (throws 4xx before anything is written).
    resolveLine({ ...stored, id: 0 }, cat);
    const id = await repo.insert({
      tenant_id: owner.tenantId,
      user_id: owner.user_id ?? null,
      guest_id: owner.guest_id ?? null,
      restaurant_id: stored.restaurant_id,
      kind: stored.kind,
      restaurant_product_id: stored.restaurant_product_id,
      product_id: stored.product_id,
      deal_id: stored.deal_id,
      combo_product_id: stored.combo_product_id,
      quantity: stored.quantity,
      is_half_and_half: stored.kind === 'half_and_half' ? 1 : 0,
      notes: stored.notes,
      selection: JSON.stringify(stored.selection),
    });
    return { id, quantity: stored.quantity };
  }

  async function update(owner: CartOwner, cartId: number, quantity: number) {
    const changed = await repo.setQuantity(owner, cartId, quantity);
    if (changed === 0) throw new AppError('not_found', 'Cart item not found');
    return { id: cartId, quantity };
  }

  async function remove(owner: CartOwner, cartId: number) {
    const removed = await repo.remove(owner, cartId);
    if (removed === 0) throw new AppError('not_found', 'Cart item not found');
    return { id: cartId };
  }

  async function clear(owner: CartOwner) {
    const removed = await repo.remove(owner);
    return { removed };
  }

  /**
   * Sign-in with a guest cart: the guest's lines join the user's cart. If the user's cart holds
   * another restaurant's items, the guest's (newer) cart wins and the user's old lines go, so
   * the cart stays one restaurant's; the user's lines beyond the 100-line limit are dropped.
   */
  async function mergeGuestCart(tenantId: number, guestId: number, userId: number) {
    const guestLines = await repo.lines({ tenantId, guest_id: guestId });
    if (guestLines.length === 0) return;
    const userOwner: CartOwner = { tenantId, user_id: userId };
    const userLines = await repo.lines(userOwner);
    const restaurantId = guestLines[0]?.restaurant_id;
    const room = maxCartLines - guestLines.length;
    for (const [i, line] of userLines.entries()) {
      if (line.restaurant_id !== restaurantId || i >= room) await repo.remove(userOwner, line.id);
    }
    await repo.reassignGuestLines(tenantId, guestId, userId);
  }

  return { get, add, update, remove, clear, mergeGuestCart };
}
