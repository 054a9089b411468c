import {
  type AdminCoupon,
  type CouponFields,
  type CreateCouponBody,
  couponRejectionMessage,
  couponRuleProblems,
  type PricingCoupon,
  type PricingCustomer,
  type PricingMethod,
  type PricingOffer,
  type UpdateCouponBody,
} from '@orderfront/core';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { CouponsTable } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { type CouponOwner, type CouponRow, type OfferRow, couponRepository as repo } from './repository.js';

export type { CouponOwner } from './repository.js';

const parseList = <T>(text: string | null): T[] | null => (text === null ? null : (JSON.parse(text) as T[]));
const listText = (list: readonly unknown[] | null) => (list === null ? null : JSON.stringify(list));

/** The conditions coupons and offers share, as the engine reads them. */
function rulesOf(row: CouponRow | OfferRow) {
  return {
    is_active: row.is_active === 1,
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    daily_from: row.daily_from,
    daily_until: row.daily_until,
    days_of_week: parseList<number>(row.days_of_week),
    restaurant_ids: parseList<number>(row.restaurant_ids),
    methods: parseList<PricingMethod>(row.methods),
    min_spend_cents: row.min_spend_cents,
    excludes_cash_on_delivery: row.excludes_cash_on_delivery === 1,
    product_ids: parseList<number>(row.product_ids),
    category_ids: parseList<number>(row.category_ids),
  };
}

export function toPricingCoupon(row: CouponRow): PricingCoupon {
  return {
    ...rulesOf(row),
    id: row.id,
    code: row.code,
    discount_type: row.discount_type,
    value: row.value,
    max_discount_cents: row.max_discount_cents,
    usage_limit: row.usage_limit,
    times_used: row.times_used,
    per_customer_limit: row.per_customer_limit,
    first_order_only: row.first_order_only === 1,
    is_auto_coupon: row.is_auto_coupon === 1,
    stackable: row.stackable === 1,
  };
}

export function toPricingOffer(row: OfferRow): PricingOffer {
  const base = { ...rulesOf(row), id: row.id, name: row.name };
  switch (row.offer_type) {
    case 'free_item':
      return { ...base, offer_type: 'free_item', free_quantity: row.free_quantity ?? 1 };
    case 'buy_x_get_y':
      return {
        ...base,
        offer_type: 'buy_x_get_y',
        buy_quantity: row.buy_quantity ?? 1,
        get_quantity: row.get_quantity ?? 1,
        get_discount_bp: row.get_discount_bp ?? 10_000,
        max_applications: row.max_applications,
      };
    case 'order_discount':
      return {
        ...base,
        offer_type: 'order_discount',
        discount_type: row.discount_type ?? 'flat',
        value: row.value ?? 0,
        max_discount_cents: row.max_discount_cents,
      };
  }
}

const atRestaurant = (restaurantIds: readonly number[] | null | undefined, restaurantId: number) =>
  !restaurantIds || restaurantIds.includes(restaurantId);

/**
 * The tenant's auto coupons and offers that are switched on, for every restaurant, already in the
 * engine's shape (cached by pricing version, decision 041; converted once per version, decision 050).
 */
export async function activePromotions(db: Db, tenantId: number) {
  const [autos, offers] = await Promise.all([repo.activeAutoCoupons(db, tenantId), repo.activeOffers(db, tenantId)]);
  return {
    autos: autos.map((row) => ({ id: row.id, pricing: toPricingCoupon(row) })),
    offers: offers.map(toPricingOffer),
  };
}

export type ActivePromotions = Awaited<ReturnType<typeof activePromotions>>;

/** The tenant's pricing version, undefined for a tenant without one (then nothing is cached). */
export const pricingVersion = (db: Db, tenantId: number) => repo.pricingVersion(db, tenantId);

/**
 * What the pricing engine needs of the tenant's promotions for one cart: the coupon with the
 * entered code (whatever its state, so the engine can say why it does not apply) plus the active
 * auto coupons and offers of the restaurant.
 */
export async function forPricing(
  db: Db,
  args: { tenantId: number; restaurantId: number; code?: string | null | undefined; active?: ActivePromotions },
): Promise<{ coupons: PricingCoupon[]; offers: PricingOffer[] }> {
  const code = args.code?.trim();
  const [entered, { autos, offers }] = await Promise.all([
    code ? repo.findByCode(db, args.tenantId, code) : undefined,
    args.active ?? activePromotions(db, args.tenantId),
  ]);
  const coupons = autos
    .filter((c) => c.id !== entered?.id && atRestaurant(c.pricing.restaurant_ids, args.restaurantId))
    .map((c) => c.pricing);
  return {
    coupons: entered ? [toPricingCoupon(entered), ...coupons] : coupons,
    offers: offers.filter((o) => atRestaurant(o.restaurant_ids, args.restaurantId)),
  };
}

/**
 * The customer's history as the engine reads it (first-order and per-customer coupon rules): the
 * one place that says how many orders a customer has placed and how often they used each coupon.
 * Orders count once placed (a card order once paid) and until cancelled or refunded.
 */
export async function customerHistory(db: Db, owner: CouponOwner): Promise<PricingCustomer> {
  const [orderCount, couponUses] = await Promise.all([
    repo.customerOrderCount(db, owner),
    repo.customerUses(db, owner),
  ]);
  return { order_count: orderCount, coupon_uses: couponUses };
}

/**
 * Reserves one use of a coupon for an order, inside the order's transaction: one conditional
 * UPDATE of times_used (never past usage_limit, whatever runs at the same time), then the
 * customer's limit, checked after that update holds the coupon's row lock, then the redemption
 * row. Throws 422 with a customer-facing message when a limit is reached (nothing is kept).
 */
export async function reserve(
  trx: Db,
  args: { tenantId: number; couponId: number; owner: CouponOwner; orderId: number },
) {
  const { tenantId, couponId, owner, orderId } = args;
  const coupon = await repo.find(trx, tenantId, couponId);
  if (!coupon) throw new AppError('not_found', 'Coupon not found');
  if (coupon.is_active !== 1) throw new AppError('unprocessable', couponRejectionMessage('inactive', null));
  if (!(await repo.takeUse(trx, tenantId, couponId))) {
    throw new AppError('unprocessable', couponRejectionMessage('usage_limit_reached', null));
  }
  if (coupon.per_customer_limit !== null) {
    const used = (await repo.customerUses(trx, owner, couponId))[couponId] ?? 0;
    if (used >= coupon.per_customer_limit) {
      // Undone here too, so a caller that catches this and goes on does not keep the use.
      await repo.giveBackUse(trx, tenantId, couponId);
      throw new AppError('unprocessable', couponRejectionMessage('customer_limit_reached', null));
    }
  }
  return repo.insertRedemption(trx, {
    tenant_id: tenantId,
    coupon_id: couponId,
    user_id: owner.user_id ?? null,
    guest_id: owner.user_id === undefined ? owner.guest_id : null,
    order_id: orderId,
    status: 'reserved',
    reserved_at: new Date().toISOString(),
  });
}

/**
 * Gives back what an order reserved (payment failed or abandoned, order cancelled). Idempotent:
 * each live redemption of the order is released once, and times_used goes down once for it.
 * Returns how many uses were given back.
 */
export async function release(trx: Db, order: { tenantId: number; orderId: number }): Promise<number> {
  const released = await repo.moveRedemptions(trx, order, ['reserved', 'used'], {
    status: 'released',
    released_at: new Date().toISOString(),
  });
  for (const row of released) await repo.giveBackUse(trx, row.tenant_id, row.coupon_id);
  return released.length;
}

/** The order was paid (or placed for cash): its reserved uses become used. Returns how many. */
export async function markUsed(trx: Db, order: { tenantId: number; orderId: number }): Promise<number> {
  const moved = await repo.moveRedemptions(trx, order, ['reserved'], {
    status: 'used',
    used_at: new Date().toISOString(),
  });
  return moved.length;
}

function toAdmin(row: CouponRow, usage: AdminCoupon['usage']): AdminCoupon {
  const p = toPricingCoupon(row);
  return {
    id: row.id,
    tenant_id: row.tenant_id,
    code: row.code,
    description: row.description,
    discount_type: row.discount_type,
    value: row.value,
    min_spend_cents: row.min_spend_cents,
    max_discount_cents: row.max_discount_cents,
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    daily_from: row.daily_from,
    daily_until: row.daily_until,
    days_of_week: (p.days_of_week as number[] | null) ?? null,
    restaurant_ids: (p.restaurant_ids as number[] | null) ?? null,
    methods: (p.methods as PricingMethod[] | null) ?? null,
    product_ids: (p.product_ids as number[] | null) ?? null,
    category_ids: (p.category_ids as number[] | null) ?? null,
    usage_limit: row.usage_limit,
    per_customer_limit: row.per_customer_limit,
    first_order_only: row.first_order_only === 1,
    is_auto_coupon: row.is_auto_coupon === 1,
    stackable: row.stackable === 1,
    excludes_cash_on_delivery: row.excludes_cash_on_delivery === 1,
    is_active: row.is_active === 1,
    times_used: row.times_used,
    usage,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const flag = (value: boolean) => (value ? 1 : 0);

const listFields = new Set<keyof CouponFields>([
  'days_of_week',
  'restaurant_ids',
  'methods',
  'product_ids',
  'category_ids',
]);

/** Fields of the contract → columns (lists as JSON, booleans as 0/1). */
function toColumns(fields: Partial<CouponFields>): Updateable<CouponsTable> {
  const columns: Updateable<CouponsTable> = {};
  for (const [key, value] of Object.entries(fields) as [keyof CouponFields, unknown][]) {
    if (value === undefined) continue;
    if (listFields.has(key)) {
      (columns as Record<string, unknown>)[key] = listText(value as unknown[] | null);
    } else if (typeof value === 'boolean') {
      (columns as Record<string, unknown>)[key] = flag(value);
    } else {
      (columns as Record<string, unknown>)[key] = value;
    }
  }
  return columns;
}

const duplicateCode = () =>
  new AppError('conflict', 'Another coupon already has this code', { code: 'Already in use' });

/** The coupon calls: pricing and order helpers above, and the back office's list, create and edit. */
export function couponService(db: Db) {
  async function usageOf(tenantId: number, ids: readonly number[]) {
    const rows = await repo.usage(db, tenantId, ids);
    return (id: number) => {
      const usage = { reserved: 0, used: 0, released: 0 };
      for (const r of rows) if (r.coupon_id === id) usage[r.status] = r.n;
      return usage;
    };
  }

  async function view(row: CouponRow) {
    return toAdmin(row, (await usageOf(row.tenant_id, [row.id]))(row.id));
  }

  /** 400 naming the field when a listed restaurant, product or category is not the tenant's. */
  async function assertOwnScope(tenantId: number, fields: Partial<CouponFields>) {
    const checks = [
      ['restaurant_ids', 'restaurants', 'That restaurant is not one of yours'],
      ['product_ids', 'products', 'That product is not one of yours'],
      ['category_ids', 'categories', 'That category is not one of yours'],
    ] as const;
    for (const [field, table, message] of checks) {
      const ids = [...new Set(fields[field] ?? [])];
      if (ids.length === 0) continue;
      if ((await repo.countOwned(db, table, tenantId, ids)) !== ids.length)
        throw new AppError('bad_request', 'Invalid request', { [field]: message });
    }
  }

  return {
    forPricing,
    customerHistory,
    reserve,
    release,
    markUsed,

    async list(tenantId: number): Promise<AdminCoupon[]> {
      const rows = await repo.list(db, tenantId);
      const usage = await usageOf(
        tenantId,
        rows.map((r) => r.id),
      );
      return rows.map((row) => toAdmin(row, usage(row.id)));
    },

    async create(tenantId: number, body: Omit<CreateCouponBody, 'tenant_id'>): Promise<AdminCoupon> {
      await assertOwnScope(tenantId, body);
      try {
        const { code, discount_type, value } = body;
        const row = await repo.insert(db, { ...toColumns(body), code, discount_type, value, tenant_id: tenantId });
        return view(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateCode();
        throw error;
      }
    },

    async update(tenantId: number, id: number, changes: Omit<UpdateCouponBody, 'tenant_id'>): Promise<AdminCoupon> {
      const current = await repo.find(db, tenantId, id);
      if (!current) throw new AppError('not_found', 'Coupon not found');
      const merged = { ...toAdmin(current, { reserved: 0, used: 0, released: 0 }), ...changes };
      const problems = couponRuleProblems(merged);
      if (Object.keys(problems).length > 0) throw new AppError('bad_request', 'Invalid request', problems);
      await assertOwnScope(tenantId, changes);
      try {
        const row = await repo.update(db, tenantId, id, toColumns(changes));
        if (!row) throw new AppError('not_found', 'Coupon not found');
        return view(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateCode();
        throw error;
      }
    },
  };
}

export type CouponService = ReturnType<typeof couponService>;
