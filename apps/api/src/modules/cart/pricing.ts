import {
  type MenuChannel,
  type PricedLine,
  type PricingAdjustment,
  type PricingLineInput,
  type PricingMethod,
  type PricingTotals,
  priceCart,
  toZoned,
} from '@orderfront/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Tenant } from '../../db/schema.js';
import { deepFreeze } from '../../lib/freeze.js';
import { catalogueService, placeholderImage, type VersionRow } from '../catalogue/service.js';
import {
  type ActivePromotions,
  activePromotions,
  customerHistory,
  forPricing,
  pricingVersion,
} from '../coupons/service.js';
import { tenantService } from '../tenants/service.js';
import { bad, type CartLineSource, type Catalogue, resolveLine, type StoredLine, toStored } from './lines.js';
import { type CartOwner, cartRepository } from './repository.js';

export interface CartPricingOptions {
  method: PricingMethod;
  cash_on_delivery: boolean;
  coupon_code?: string | null | undefined;
  /** Cents; counts only for delivery (the zone's fee from the delivery quote). */
  delivery_charge_cents?: number;
  now?: Date;
}

const emptyTotals = () => ({ subtotal: 0, discount: 0, tax: 0, delivery: 0, surcharge: 0, total: 0, item_count: 0 });

interface Resolved {
  line: StoredLine;
  r: ReturnType<typeof resolveLine>;
}

type PricingLine = PricingLineInput & { ref: Resolved };

function pricingLine(ref: Resolved): PricingLine {
  const { line, r } = ref;
  return {
    id: line.id,
    kind: line.kind === 'half_and_half' ? 'half_and_half' : line.kind,
    quantity: line.quantity,
    unit_price_cents: r.unit_price,
    restaurant_id: line.restaurant_id,
    product_id: line.product_id,
    restaurant_product_id: line.restaurant_product_id,
    category_id: r.category_id,
    children: r.halves.map((h) => ({ product_id: h.product_id, category_id: h.category_id })),
    // A bundle is taxed as a whole; a half-and-half follows its first half (decision 042).
    ...(r.product?.tax_class ? { tax_class: r.product.tax_class } : {}),
    ref,
  };
}

/** A priced line in the shape of spec §3 cart items, plus what an order snapshot keeps. */
function cartItem(priced: PricedLine<PricingLine>) {
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
      ...(c.choice.size ? { size: c.choice.size } : {}),
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
    /** Kept on the order's lines so its tax invoice marks GST-free ones (decision 048). */
    tax_class: r.product?.tax_class ?? ('standard' as const),
    order_level_discount: priced.order_level_discount,
    image: { image_url: r.image_url || placeholderImage },
    /** Display name (product, deal or combo) for order snapshots. */
    name: r.name,
    /** What was chosen, so an order can put the line back into a cart (reorder). */
    source: { ...line, id: undefined } as CartLineSource,
  };
}

/** What the engine is given when no coupon reads the customer's history (first order, per-customer limit). */
const noHistory = Object.freeze({ order_count: 0, coupon_uses: Object.freeze({}) });

/** Every coupon that took money off (entered, auto and stackable ones): each takes a use. */
const couponIdsOf = (adjustments: readonly PricingAdjustment[]) => [
  ...new Set(
    adjustments.flatMap((a) =>
      (a.reason === 'coupon' || a.reason === 'auto_coupon') && a.source_id !== null ? [a.source_id] : [],
    ),
  ),
];

/**
 * The tenant row, auto coupons and offers, kept while the tenant's pricing version stands (decision
 * 041). Triggers move the version on any write to those tables, so a change made by another process
 * on the same database is seen by the next pricing. The version is read first: what is read after it
 * is at least as new as the version it is kept under.
 */
function pricingInputs() {
  const cache = new Map<number, { version: number; tenant: Tenant | undefined; active: ActivePromotions }>();
  /** `known`: the version the caller read with the cart's lines; read here when not given. */
  return async (exec: Db, tenantId: number, known?: { version: number | undefined }) => {
    const version = known ? known.version : await pricingVersion(exec, tenantId);
    const hit = cache.get(tenantId);
    if (hit && hit.version === version) return hit;
    const [tenant, active] = await Promise.all([tenantService(exec).byId(tenantId), activePromotions(exec, tenantId)]);
    if (version === undefined) return { tenant, active };
    // Shared by every pricing of this version: frozen, so nothing may change them (decision 050).
    const entry = deepFreeze({ version, tenant, active });
    cache.set(tenantId, entry);
    return entry;
  };
}

/** One cache per database, as the catalogue's: the cart routes and the order service share it. */
const inputsByDb = new WeakMap<Db, ReturnType<typeof pricingInputs>>();
function pricingInputsOf(db: Db) {
  const inputs = inputsByDb.get(db) ?? pricingInputs();
  inputsByDb.set(db, inputs);
  return inputs;
}

/** What `price` answers: the priced lines and totals, and what an order keeps of them. */
export interface PricedCart {
  restaurantId: number | null;
  items: ReturnType<typeof cartItem>[];
  totals: PricingTotals;
  adjustments: Pick<PricingAdjustment, 'reason' | 'code' | 'label' | 'amount'>[];
  unavailable: { id: number; message: string }[];
  currency: string | null;
  couponIds: number[];
  /** The tenant row the money was computed with, at the pricing version the caller read (frozen). */
  tenant: Tenant | undefined;
}

/**
 * A priced cart with everything it was computed from (decision 062): the lines as read, the parsed
 * catalogue and the pricing inputs (cached objects, the same object while their versions stand),
 * the restaurant's local minute (all the engine and the dayparts read of the time) and the options.
 */
interface Memo {
  key: string;
  lines: readonly object[];
  catalogue: Catalogue;
  inputs: object;
  result: PricedCart;
}

/** Priced carts by owner: a cart read whose inputs all match the last one's answers it again. */
function pricedCarts(max = 5_000) {
  const byOwner = new Map<string, Memo>();
  return {
    get: (owner: string) => byOwner.get(owner),
    set(owner: string, memo: Memo) {
      byOwner.delete(owner);
      if (byOwner.size >= max) byOwner.delete(byOwner.keys().next().value as string);
      byOwner.set(owner, memo);
    },
  };
}

const memosByDb = new WeakMap<Db, ReturnType<typeof pricedCarts>>();
function pricedCartsOf(db: Db) {
  const memos = memosByDb.get(db) ?? pricedCarts();
  memosByDb.set(db, memos);
  return memos;
}

const sameValue = (a: unknown, b: unknown) =>
  a === b || (a instanceof Date && b instanceof Date && a.getTime() === b.getTime());

/** The same lines, column by column, as read (ids, quantities, choices, notes, times). */
function sameRows(kept: readonly object[], read: readonly object[]) {
  if (kept.length !== read.length) return false;
  return kept.every((row, i) => {
    const other = read[i] as Record<string, unknown>;
    const entries = Object.entries(row);
    return entries.length === Object.keys(other).length && entries.every(([k, v]) => sameValue(v, other[k]));
  });
}

const ownerKey = (owner: CartOwner) =>
  owner.user_id !== undefined ? `${owner.tenantId}:u${owner.user_id}` : `${owner.tenantId}:g${owner.guest_id}`;

/** The cart's money: lines resolved against today's catalogue, then the pricing engine. */
export function cartPricing(db: Db, log?: FastifyBaseLogger) {
  const repo = cartRepository(db);
  const catalogue = catalogueService(db);
  const inputsOf = pricingInputsOf(db);
  const memos = pricedCartsOf(db);

  /** The parsed catalogue the lines are priced against (shared and frozen: never changed here). */
  async function catalogueOf(
    tenantId: number,
    restaurantId: number,
    channel: MenuChannel,
    source = catalogue,
    now = new Date(),
    known?: VersionRow | null,
  ): Promise<Catalogue & { timezone: string }> {
    const parsed = await source.parsed(tenantId, restaurantId, channel, known);
    // Dayparts are judged in the restaurant's time (decision 038).
    return { ...parsed, clock: { now, timezone: parsed.timezone } };
  }

  /** Lines the catalogue no longer offers are left out of the total and listed. */
  function resolveAll(rows: StoredLine[], cat: Catalogue) {
    const unavailable: { id: number; message: string }[] = [];
    const resolved = rows.flatMap((line): Resolved[] => {
      try {
        return [{ line, r: resolveLine(line, cat) }];
      } catch (error) {
        // The catalogue changed under the line (product gone, unavailable): it is left out of the total.
        log?.info({ cartItemId: line.id, err: error }, 'cart line no longer orderable');
        unavailable.push({ id: line.id, message: error instanceof Error ? error.message : 'Not available' });
        return [];
      }
    });
    return { resolved, unavailable };
  }

  /** The owner's lines with the versions they are priced at, for `price` (an order reads them with its other inputs). */
  function readLines(owner: CartOwner, exec: Db = db) {
    return (exec === db ? repo : cartRepository(exec)).linesWithVersions(owner);
  }

  /**
   * Prices the owner's cart for a method from today's catalogue: the one place the cart and the
   * order agree on money. `exec` is the order's transaction when placing an order (on SQLite the
   * transaction holds the only connection, so nothing in here may use `db` then). Lines that are
   * no longer orderable are left out and listed in `unavailable`.
   */
  async function price(
    owner: CartOwner,
    options: CartPricingOptions,
    exec: Db = db,
    lines?: Awaited<ReturnType<typeof readLines>>,
  ): Promise<PricedCart> {
    const read = lines ?? (await readLines(owner, exec));
    const rows = read.lines.map(toStored);
    const first = rows[0];
    if (!first || !read.versions) {
      if (options.coupon_code?.trim()) throw bad('Invalid coupon code');
      return {
        restaurantId: null,
        items: [],
        totals: emptyTotals(),
        adjustments: [],
        unavailable: [],
        currency: null,
        couponIds: [],
        tenant: undefined,
      };
    }
    const { versions } = read;
    const restaurantId = first.restaurant_id;
    const channel: MenuChannel = options.method === 'dine_in' ? 'dine_in' : 'online';
    const now = options.now ?? new Date();
    // The restaurant's timezone comes with the catalogue version: one read fewer per pricing.
    const [cat, inputs] = await Promise.all([
      catalogueOf(
        owner.tenantId,
        restaurantId,
        channel,
        exec === db ? catalogue : catalogue.within(exec),
        now,
        versions.catalogue,
      ),
      inputsOf(exec, owner.tenantId, { version: versions.pricing }),
    ]);
    // Only reads outside a transaction are kept: an order prices what its own transaction sees.
    const memoOwner = exec === db ? ownerKey(owner) : undefined;
    const local = toZoned(now, cat.timezone);
    const key = [
      cat.timezone,
      local.date,
      local.time,
      options.method,
      options.cash_on_delivery,
      options.coupon_code ?? null,
      options.delivery_charge_cents ?? 0,
    ].join('|');
    const memo = memoOwner === undefined ? undefined : memos.get(memoOwner);
    if (
      memo?.key === key &&
      sameRows(memo.lines, read.lines) &&
      memo.inputs === inputs &&
      memo.catalogue.menu === cat.menu &&
      memo.catalogue.deals === cat.deals &&
      memo.catalogue.combos === cat.combos
    ) {
      return memo.result;
    }
    const { tenant, active } = inputs;
    const code = options.coupon_code;
    const offered = await forPricing(exec, { tenantId: owner.tenantId, restaurantId, code, active });
    // The customer's history is read only when a coupon has a rule that reads it (decision 041).
    const counted = offered.coupons.some((c) => c.first_order_only === true || c.per_customer_limit != null);
    const customer = counted ? await customerHistory(exec, owner) : noHistory;
    if (!tenant) throw new Error(`tenant ${owner.tenantId} missing`);
    const { resolved, unavailable } = resolveAll(rows, cat);
    const result = priceCart({
      lines: resolved.map(pricingLine),
      tax: { mode: tenant.tax_mode, rate_bp: tenant.tax_rate_bps },
      context: {
        method: options.method,
        dine_in: options.method === 'dine_in',
        cash_on_delivery: options.cash_on_delivery,
        now: now.toISOString(),
        timezone: cat.timezone,
        customer,
      },
      coupon_code: options.coupon_code?.trim() || null,
      coupons: offered.coupons,
      offers: offered.offers,
      delivery_charge_cents: options.delivery_charge_cents ?? 0,
      currency: tenant.currency,
      locale: tenant.locale,
    });
    if (result.coupon_rejection) throw bad(result.coupon_rejection.message);
    const priced: PricedCart = {
      restaurantId,
      items: result.lines.map(cartItem),
      totals: result.totals,
      adjustments: result.adjustments.map((a) => ({
        reason: a.reason,
        code: a.code,
        label: a.label,
        amount: a.amount,
      })),
      unavailable,
      currency: tenant.currency,
      couponIds: couponIdsOf(result.adjustments),
      tenant: tenant as Tenant | undefined,
    };
    // A count of the customer's orders is not among the inputs the memo is keyed by.
    if (memoOwner !== undefined && !counted && versions.pricing !== undefined) {
      memos.set(memoOwner, { key, lines: read.lines, catalogue: cat, inputs, result: deepFreeze(priced) });
    }
    return priced;
  }

  return { price, readLines, catalogueOf };
}
