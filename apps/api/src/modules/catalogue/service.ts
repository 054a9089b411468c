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
import { type Encoding, encode } from '../../lib/encoding.js';
import { AppError } from '../../lib/errors.js';
import { deepFreeze } from '../../lib/freeze.js';
import {
  type BundleRows,
  type CatalogueSnapshot,
  catalogueRepository,
  settledVersion,
  type VersionRow,
} from './repository.js';

export type { VersionRow } from './repository.js';

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
    tax_class: p.tax_class === 'gst_free' ? 'gst_free' : 'standard',
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
        ...(c.size === null ? {} : { size: c.size }),
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

export type Kind = 'menu' | 'deals' | 'combos';
type Answer = Menu | Deals | Combos;
/** One answer of the catalogue as sent: the envelope serialised once, compressed once per encoding. */
export interface CachedAnswer {
  etag: string;
  /** The whole `{ data, error: null }` envelope, serialised once. */
  body: string;
  /** The body compressed (once, on first use) for a client that accepts it; absent: not kept. */
  encoded?: (encoding: Encoding) => Buffer;
}

interface CacheEntry {
  version: number;
  /** `${kind}:${channel}` → the answer's data, deeply frozen: shared by every request of the version. */
  data: Map<string, Answer>;
  /** `${kind}:${channel}` → the serialised answer. */
  bodies: Map<string, CachedAnswer>;
}

/** What the cart and the order price lines against: one restaurant's catalogue for one channel. */
export interface ParsedCatalogue {
  menu: Menu;
  deals: Deals;
  combos: Combos;
  /** The restaurant's timezone as read with the version (not cached: settings may move it). */
  timezone: string;
}

export interface ProductEdit {
  restaurantProductId: number;
  productId: number;
  prices?: { price?: number; online_price?: number };
  product?: { description?: string; image_path?: string };
}

function cachedAnswer(etag: string, data: Answer): CachedAnswer {
  const body = JSON.stringify({ data, error: null });
  const encoded = new Map<Encoding, Buffer>();
  return {
    etag,
    body,
    encoded(encoding) {
      let buffer = encoded.get(encoding);
      if (!buffer) {
        buffer = encode(body, encoding, 9);
        encoded.set(encoding, buffer);
      }
      return buffer;
    },
  };
}

/** The one cache of a database (so of an app): every service over it, and its transactions, share it. */
const caches = new WeakMap<object, Map<string, CacheEntry>>();

/**
 * The catalogue for the storefront, built for speed (decision 034): each restaurant+channel answer
 * is built once per catalogue version, kept parsed and frozen for pricing and serialised (and
 * compressed) once for the menu calls, and reused until the restaurant's catalogue version moves.
 * The version lives in the database, so a write by any process (or the back office) invalidates
 * every process's cache at its next request: one small indexed read per request. Every service
 * over the same database shares one cache; `within(trx)` reads through a transaction (an order
 * prices the version its transaction sees) and still shares it.
 */
export function catalogueService(db: Db, shared?: Map<string, CacheEntry>) {
  let cache = shared ?? caches.get(db);
  if (!cache) {
    cache = new Map<string, CacheEntry>();
    caches.set(db, cache);
  }
  const entries = cache;
  const repo = catalogueRepository(db);

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

  /** `known`: the version row the caller already read (null: no active restaurant), else read here. */
  async function entryAndTimezone(tenantId: number, restaurantId: number, known?: VersionRow | null) {
    const active =
      known === undefined
        ? await repo.activeVersion(tenantId, restaurantId)
        : await repo.versionOfRow(tenantId, restaurantId, known ?? undefined);
    if (active === undefined) throw new AppError('not_found', 'Restaurant not found');
    const { version, timezone } = active;
    const key = `${tenantId}:${restaurantId}`;
    const entry = entries.get(key);
    if (entry && entry.version === version) return { entry, timezone };
    const fresh: CacheEntry = { version, data: new Map(), bodies: new Map() };
    // A transaction that still sees an older version builds its answers aside, for itself.
    if (!entry || entry.version < version) entries.set(key, fresh);
    return { entry: fresh, timezone };
  }

  const entryFor = async (tenantId: number, restaurantId: number) =>
    (await entryAndTimezone(tenantId, restaurantId)).entry;

  const etagOf = (restaurantId: number, kind: string, channel: MenuChannel, version: number) =>
    `"${kind}-${restaurantId}-${channel}-v${version}"`;

  async function dataOf(
    entry: CacheEntry,
    tenantId: number,
    restaurantId: number,
    kind: Kind,
    channel: MenuChannel,
  ): Promise<Answer> {
    const key = `${kind}:${channel}`;
    const cached = entry.data.get(key);
    if (cached) return cached;
    let data: Answer;
    if (kind === 'menu') {
      data = buildMenu(restaurantId, channel, entry.version, await repo.snapshot(tenantId, restaurantId));
    } else {
      const rows = await repo.bundles(tenantId, restaurantId, kind);
      const built = buildBundles(channel, rows, kind);
      const base = { restaurant_id: restaurantId, channel, version: entry.version };
      data =
        kind === 'deals'
          ? { ...base, deals: built.map(({ slots, ...b }) => ({ ...b, deal_component_types: slots })) }
          : { ...base, combos: built.map(({ slots, ...b }) => ({ ...b, combo_products: slots })) };
    }
    deepFreeze(data);
    entry.data.set(key, data);
    return data;
  }

  /** An answer for the storefront at `host`: the tenant and the version in one read (decision 054). */
  async function answerForHost(
    host: string,
    fallbackId: number,
    restaurantId: number,
    kind: Kind,
    channel: MenuChannel,
  ): Promise<CachedAnswer> {
    const found = await repo.activeVersionForHost(host, fallbackId, restaurantId);
    if (!found) throw new AppError('not_found', 'Restaurant not found');
    const { tenant_id: tenantId, ...row } = found;
    const { entry } = await entryAndTimezone(tenantId, restaurantId, row);
    return answerOf(entry, tenantId, restaurantId, kind, channel);
  }

  async function answerOf(
    entry: CacheEntry,
    tenantId: number,
    restaurantId: number,
    kind: Kind,
    channel: MenuChannel,
  ): Promise<CachedAnswer> {
    const key = `${kind}:${channel}`;
    let cached = entry.bodies.get(key);
    if (!cached) {
      const data = await dataOf(entry, tenantId, restaurantId, kind, channel);
      cached = cachedAnswer(etagOf(restaurantId, kind, channel, entry.version), data);
      entry.bodies.set(key, cached);
    }
    return cached;
  }

  return {
    /** The menu, deals or combos of the storefront at `host` (its tenant, else `fallbackId`'s). */
    forHost: (host: string, fallbackId: number, restaurantId: number, kind: Kind, channel: MenuChannel) =>
      answerForHost(host, fallbackId, restaurantId, kind, channel),

    /**
     * forHost's answer without a promise when it is already built for the current version and the
     * version can be read at once (SQLite outside a transaction): the common case of a menu request,
     * where a promise per step was a measurable share (decision 064). Undefined: ask forHost, which
     * reads the same row and builds, moves the version on or answers 404.
     */
    readyForHost(host: string, fallbackId: number, restaurantId: number, kind: Kind, channel: MenuChannel) {
      const found = repo.activeVersionForHostNow(host, fallbackId, restaurantId);
      if (!found) return undefined;
      const version = settledVersion(found, Date.now());
      const entry = entries.get(`${found.tenant_id}:${restaurantId}`);
      return version !== undefined && entry?.version === version ? entry.bodies.get(`${kind}:${channel}`) : undefined;
    },

    /**
     * The restaurant's menu, deals and combos for a channel, as the cart and the order price them:
     * one version read, and the parsed answers of that version (frozen, shared; never re-parsed).
     */
    async parsed(
      tenantId: number,
      restaurantId: number,
      channel: MenuChannel,
      known?: VersionRow | null,
    ): Promise<ParsedCatalogue> {
      const { entry, timezone } = await entryAndTimezone(tenantId, restaurantId, known);
      const [menu, deals, combos] = await Promise.all([
        dataOf(entry, tenantId, restaurantId, 'menu', channel),
        dataOf(entry, tenantId, restaurantId, 'deals', channel),
        dataOf(entry, tenantId, restaurantId, 'combos', channel),
      ]);
      return { menu: menu as Menu, deals: deals as Deals, combos: combos as Combos, timezone };
    },

    /** The same service reading through `trx` (an order's transaction), sharing this cache. */
    within: (trx: Db) => catalogueService(trx, entries),

    /** One product of the restaurant's menu, from the same cached snapshot. */
    async product(tenantId: number, restaurantId: number, restaurantProductId: number, channel: MenuChannel) {
      const entry = await entryFor(tenantId, restaurantId);
      const menu = (await dataOf(entry, tenantId, restaurantId, 'menu', channel)) as Menu;
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
