import {
  type BundleSlot,
  type Category,
  type Combos,
  channelPrice,
  type Daypart,
  type Deals,
  type Menu,
  type MenuChannel,
  type MenuLabel,
  type MenuProduct,
} from '@orderfront/core';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { type BundleRows, type CatalogueSnapshot, catalogueRepository } from './repository.js';

export const placeholderImage = '/images/menu/placeholder.svg';

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const image = (path: string | null) => ({ image_url: path ?? placeholderImage });

/** On sale: switched on, or switched off only until a time that has passed (an '86' for today). */
export function onSale(row: { is_available: number; available_again_at: string | null }, now: Date): boolean {
  return (
    row.is_available === 1 || (row.available_again_at !== null && Date.parse(row.available_again_at) <= now.getTime())
  );
}

/** Builds one channel's menu from the restaurant's rows (prices of the channel as unit_price). */
export function buildMenu(
  restaurantId: number,
  channel: MenuChannel,
  version: number,
  rows: CatalogueSnapshot,
  now = new Date(),
): Menu {
  const valuesByAttribute = groupBy(rows.values, (v) => v.attribute_id);
  const attributesByProduct = groupBy(rows.attributes, (a) => a.product_id);
  const groupsByProduct = groupBy(rows.groups, (g) => g.product_id);
  const modifiersByGroup = groupBy(rows.modifiers, (m) => m.modifier_group_id);
  const configurationsByModifier = groupBy(rows.configurations, (c) => c.modifier_id);

  const listed = new Set(rows.categories.map((c) => c.id));
  const sold = rows.products.filter((p) => p.channels.split(',').includes(channel) && listed.has(p.category_id));
  const products: MenuProduct[] = sold.map((p) => ({
    id: p.id,
    product_id: p.product_id,
    category_id: p.category_id,
    price: p.price,
    online_price: p.online_price,
    unit_price: channelPrice(p, channel),
    is_available: onSale(p, now) && (p.stock_count === null || p.stock_count > 0),
    stock_count: p.stock_count,
    unit: p.unit,
    is_half_and_half: p.is_half_and_half === 1,
    is_best_seller: p.is_best_seller === 1,
    is_new: p.is_new === 1,
    sort_order: p.sort_order,
    labels: p.labels === '' ? [] : (p.labels.split(',') as MenuLabel[]),
    products: { id: p.product_id, name: p.name, description: p.description, image: image(p.image_path) },
    attributes: (attributesByProduct.get(p.product_id) ?? []).map((a) => ({
      id: a.id,
      display_name: a.display_name,
      values: (valuesByAttribute.get(a.id) ?? []).map((v) => ({
        id: v.id,
        display_value: v.display_value,
        price_adjustment: v.price_adjustment,
        is_default: v.is_default === 1,
      })),
    })),
    modifier_groups: (groupsByProduct.get(p.product_id) ?? []).map((g) => ({
      id: g.id,
      name: g.name,
      min_select: g.min_select,
      max_select: g.max_select,
      free_quantity: g.free_quantity,
      modifiers: (modifiersByGroup.get(g.id) ?? []).map((m) => ({
        id: m.id,
        name: m.name,
        price: m.price,
        online_price: m.online_price,
        unit_price: channelPrice(m, channel),
        max_quantity: m.max_quantity,
        is_available: onSale(m, now),
        is_default: m.is_default === 1,
        configurations: (configurationsByModifier.get(m.id) ?? []).map((c) => ({
          id: c.id,
          name: c.name,
          price_adjustment: c.price_adjustment,
        })),
      })),
    })),
  }));

  const used = new Set(products.map((p) => p.category_id));
  const categories: Category[] = rows.categories
    .filter((c) => used.has(c.id))
    .map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      description: c.description,
      sort_order: c.sort_order,
      image: image(c.image_path),
      dayparts: JSON.parse(c.dayparts) as Daypart[],
    }));
  const categoryOrder = new Map(categories.map((c, i) => [c.id, i]));
  products.sort(
    (a, b) =>
      (categoryOrder.get(a.category_id) ?? 0) - (categoryOrder.get(b.category_id) ?? 0) || a.sort_order - b.sort_order,
  );
  return {
    restaurant_id: restaurantId,
    ...(rows.timezone ? { timezone: rows.timezone } : {}),
    channel,
    version,
    categories,
    products,
  };
}

function buildBundles(channel: MenuChannel, rows: BundleRows, kind: 'deals' | 'combos', now = new Date()) {
  const slotKey = kind === 'deals' ? 'deal_component_type_id' : 'combo_product_slot_id';
  const choicesBySlot = groupBy(rows.choices, (c) => c[slotKey] ?? 0);
  const slotsByBundle = groupBy(rows.slots, (s) => s.parent_id);
  return rows.bundles.map((b) => {
    const slots: BundleSlot[] = (slotsByBundle.get(b.id) ?? []).map((s) => ({
      id: s.id,
      name: s.name,
      quantity: s.quantity,
      choices: (choicesBySlot.get(s.id) ?? []).map((c) => ({
        restaurant_product_id: c.restaurant_product_id,
        product_id: c.product_id,
        name: c.name,
        extra_price: c.extra_price,
        is_available: onSale(c, now) && (c.stock_count === null || c.stock_count > 0),
      })),
    }));
    return {
      id: b.id,
      name: b.name,
      description: b.description,
      price: b.price,
      online_price: b.online_price,
      unit_price: channelPrice(b, channel),
      // A bundle is orderable only if every slot can still be filled.
      is_available: b.is_available === 1 && slots.every((s) => s.choices.some((c) => c.is_available)),
      image: image(b.image_path),
      slots,
    };
  });
}

type Kind = 'menu' | 'deals' | 'combos';

interface CacheEntry {
  version: number;
  /** `${kind}:${channel}` → the serialised answer, and the menu itself for product lookups. */
  bodies: Map<string, string>;
  menus: Map<MenuChannel, Menu>;
}

export interface ProductEdit {
  restaurantProductId: number;
  productId: number;
  prices?: { price?: number; online_price?: number };
  product?: { description?: string; image_path?: string };
}

export interface CachedAnswer {
  etag: string;
  /** The whole `{ data, error: null }` envelope, serialised once. */
  body: string;
}

/**
 * The catalogue for the storefront, built for speed: each restaurant+channel answer is built and
 * serialised once and reused until the restaurant's catalogue version moves. The version lives in
 * the database, so a write by any process (or the back office) invalidates every process's cache
 * at its next request: one small indexed read per request.
 */
export function catalogueService(db: Db) {
  const repo = catalogueRepository(db);
  const cache = new Map<string, CacheEntry>();

  async function setAvailability(
    table: 'restaurant_products' | 'restaurant_product_modifiers',
    tenantId: number,
    id: number,
    available: boolean,
    until: string | null,
    notFound: string,
  ) {
    await db.transaction().execute(async (trx) => {
      const restaurantId = await repo.setAvailability(trx, table, tenantId, id, available, until);
      if (restaurantId === undefined) throw new AppError('not_found', notFound);
      await repo.bumpVersion(trx, tenantId, restaurantId);
    });
  }

  async function entryFor(tenantId: number, restaurantId: number) {
    const restaurant = await repo.findActiveRestaurant(tenantId, restaurantId);
    if (!restaurant) throw new AppError('not_found', 'Restaurant not found');
    const version = await repo.version(tenantId, restaurantId);
    const key = `${tenantId}:${restaurantId}`;
    let entry = cache.get(key);
    if (!entry || entry.version !== version) {
      entry = { version, bodies: new Map(), menus: new Map() };
      cache.set(key, entry);
    }
    return entry;
  }

  const etagOf = (restaurantId: number, kind: string, channel: MenuChannel, version: number) =>
    `"${kind}-${restaurantId}-${channel}-v${version}"`;

  async function menuOf(entry: CacheEntry, tenantId: number, restaurantId: number, channel: MenuChannel) {
    let menu = entry.menus.get(channel);
    if (!menu) {
      menu = buildMenu(restaurantId, channel, entry.version, await repo.snapshot(tenantId, restaurantId));
      entry.menus.set(channel, menu);
    }
    return menu;
  }

  async function answer(
    tenantId: number,
    restaurantId: number,
    kind: Kind,
    channel: MenuChannel,
  ): Promise<CachedAnswer> {
    const entry = await entryFor(tenantId, restaurantId);
    const etag = etagOf(restaurantId, kind, channel, entry.version);
    const key = `${kind}:${channel}`;
    let body = entry.bodies.get(key);
    if (body === undefined) {
      let data: Menu | Deals | Combos;
      if (kind === 'menu') {
        data = await menuOf(entry, tenantId, restaurantId, channel);
      } else {
        const rows = await repo.bundles(tenantId, restaurantId, kind);
        const built = buildBundles(channel, rows, kind);
        const base = { restaurant_id: restaurantId, channel, version: entry.version };
        data =
          kind === 'deals'
            ? { ...base, deals: built.map(({ slots, ...b }) => ({ ...b, deal_component_types: slots })) }
            : { ...base, combos: built.map(({ slots, ...b }) => ({ ...b, combo_products: slots })) };
      }
      body = JSON.stringify({ data, error: null });
      // Only keep it if no write moved the version while it was being built.
      if (cache.get(`${tenantId}:${restaurantId}`) === entry) entry.bodies.set(key, body);
    }
    return { etag, body };
  }

  return {
    menu: (tenantId: number, restaurantId: number, channel: MenuChannel) =>
      answer(tenantId, restaurantId, 'menu', channel),
    deals: (tenantId: number, restaurantId: number, channel: MenuChannel) =>
      answer(tenantId, restaurantId, 'deals', channel),
    combos: (tenantId: number, restaurantId: number, channel: MenuChannel) =>
      answer(tenantId, restaurantId, 'combos', channel),

    /** One product of the restaurant's menu, from the same cached snapshot. */
    async product(tenantId: number, restaurantId: number, restaurantProductId: number, channel: MenuChannel) {
      const entry = await entryFor(tenantId, restaurantId);
      const menu = await menuOf(entry, tenantId, restaurantId, channel);
      const product = menu.products.find((p) => p.id === restaurantProductId);
      if (!product) throw new AppError('not_found', 'Product not found');
      return { etag: etagOf(restaurantId, `product-${product.id}`, channel, entry.version), product };
    },

    /**
     * Switches a product (or one modifier option) on or off at its restaurant (back office), off
     * until `until` or until switched back on (null); every cached menu of the restaurant moves on.
     */
    async setRestaurantProductAvailability(
      tenantId: number,
      restaurantProductId: number,
      available: boolean,
      until: string | null = null,
    ) {
      await setAvailability(
        'restaurant_products',
        tenantId,
        restaurantProductId,
        available,
        until,
        'Product not found',
      );
    },
    async setModifierAvailability(tenantId: number, modifierId: number, available: boolean, until: string | null) {
      await setAvailability('restaurant_product_modifiers', tenantId, modifierId, available, until, 'Option not found');
    },

    /** The restaurant a product or modifier row of the tenant belongs to, or undefined. */
    restaurantOf: (table: 'restaurant_products' | 'restaurant_product_modifiers', tenantId: number, id: number) =>
      repo.restaurantOf(table, tenantId, id),

    /**
     * A back-office edit of a product: the restaurant's prices and/or the product's own description
     * or image, in the transaction that moves the menus of `restaurantIds` on.
     */
    async editProduct(tenantId: number, restaurantIds: readonly number[], edit: ProductEdit) {
      const at = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        if (edit.prices) await repo.setPrices(trx, tenantId, edit.restaurantProductId, edit.prices, at);
        if (edit.product) await repo.setProductFields(trx, tenantId, edit.productId, edit.product, at);
        for (const restaurantId of restaurantIds) await repo.bumpVersion(trx, tenantId, restaurantId);
      });
    },

    /** For a write of another module in its own transaction (best sellers): every cached menu moves on. */
    moveVersion: (trx: Kysely<Database>, tenantId: number, restaurantId: number) =>
      repo.bumpVersion(trx, tenantId, restaurantId),
  };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
