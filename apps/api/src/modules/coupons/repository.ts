import { soldOrderStatuses } from '@orderfront/core';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { precompiled } from '../../db/precompiled.js';
import type { CouponRedemptionsTable, CouponsTable, OffersTable } from '../../db/schema.js';

/** A customer of the tenant: exactly one of user_id and guest_id (the cart's owner has this shape). */
export type CouponOwner =
  | { tenantId: number; user_id: number; guest_id?: undefined }
  | { tenantId: number; guest_id: number; user_id?: undefined };

export type CouponRow = Selectable<CouponsTable>;
export type OfferRow = Selectable<OffersTable>;
export type RedemptionRow = Selectable<CouponRedemptionsTable>;

const liveStatuses = ['reserved', 'used'] as const;

/**
 * Kysely only. Every function takes the executor first: the database, or the order's transaction
 * (on SQLite a transaction holds the only connection, so a call inside it must use it).
 */
/** Read before every pricing: built once (decision 050). */
const versionOf = precompiled((db: Db, tenantId: number) =>
  db.selectFrom('pricing_versions').select('version').where('tenant_id', '=', tenantId),
);

export const couponRepository = {
  /** The tenant's coupon with this code, whatever its case (codes are stored as entered). */
  findByCode(db: Db, tenantId: number, code: string) {
    return db
      .selectFrom('coupons')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where(sql<string>`lower(code)`, '=', code.trim().toLowerCase())
      .executeTakeFirst();
  },

  activeAutoCoupons(db: Db, tenantId: number) {
    return db
      .selectFrom('coupons')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('is_auto_coupon', '=', 1)
      .where('is_active', '=', 1)
      .orderBy('id')
      .execute();
  },

  /** The tenant's pricing version (triggers move it on writes to tenants, coupons, offers: decision 041). */
  async pricingVersion(db: Db, tenantId: number): Promise<number | undefined> {
    const [row] = await versionOf(db, tenantId);
    return row?.version;
  },

  activeOffers(db: Db, tenantId: number) {
    return db
      .selectFrom('offers')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('is_active', '=', 1)
      .orderBy('id')
      .execute();
  },

  /** The owner's live uses (reserved or used) per coupon. */
  async customerUses(db: Db, owner: CouponOwner, couponId?: number): Promise<Record<number, number>> {
    let query = db
      .selectFrom('coupon_redemptions')
      .select(['coupon_id', (eb) => eb.fn.countAll().as('n')])
      .where('tenant_id', '=', owner.tenantId)
      .where('status', 'in', liveStatuses)
      .groupBy('coupon_id');
    query =
      owner.user_id !== undefined
        ? query.where('user_id', '=', owner.user_id)
        : query.where('guest_id', '=', owner.guest_id as number);
    if (couponId !== undefined) query = query.where('coupon_id', '=', couponId);
    const rows = await query.execute();
    return Object.fromEntries(rows.map((r) => [r.coupon_id, Number(r.n)]));
  },

  /**
   * How many orders the customer has placed (first-order coupons): orders count once placed (a card
   * order once paid) and until cancelled or refunded.
   */
  async customerOrderCount(db: Db, owner: CouponOwner): Promise<number> {
    let query = db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', owner.tenantId)
      .where('status', 'in', soldOrderStatuses);
    query =
      owner.user_id !== undefined
        ? query.where('user_id', '=', owner.user_id)
        : query.where('guest_id', '=', owner.guest_id as number);
    return Number((await query.executeTakeFirstOrThrow()).n);
  },

  /**
   * Takes one use if the limit allows it: one conditional UPDATE. On PostgreSQL concurrent takers
   * wait on the row lock and re-check the condition; on SQLite transactions run one at a time.
   */
  async takeUse(db: Db, tenantId: number, couponId: number): Promise<boolean> {
    const result = await db
      .updateTable('coupons')
      .set((eb) => ({ times_used: eb('times_used', '+', 1), updated_at: new Date().toISOString() }))
      .where('id', '=', couponId)
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async giveBackUse(db: Db, tenantId: number, couponId: number) {
    await db
      .updateTable('coupons')
      .set((eb) => ({ times_used: eb('times_used', '-', 1), updated_at: new Date().toISOString() }))
      .where('id', '=', couponId)
      .where('tenant_id', '=', tenantId)
      .where('times_used', '>', 0)
      .execute();
  },

  insertRedemption(db: Db, row: Insertable<CouponRedemptionsTable>) {
    return db.insertInto('coupon_redemptions').values(row).returningAll().executeTakeFirstOrThrow();
  },

  /** Moves the order's redemptions from one of `from` to `to`; the rows that moved. */
  moveRedemptions(
    db: Db,
    order: { tenantId: number; orderId: number },
    from: readonly RedemptionRow['status'][],
    to: Updateable<CouponRedemptionsTable>,
  ) {
    return db
      .updateTable('coupon_redemptions')
      .set({ ...to, updated_at: new Date().toISOString() })
      .where('tenant_id', '=', order.tenantId)
      .where('order_id', '=', order.orderId)
      .where('status', 'in', from)
      .returningAll()
      .execute();
  },

  // The back office.

  list(db: Db, tenantId: number) {
    return db.selectFrom('coupons').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();
  },

  find(db: Db, tenantId: number, id: number) {
    return db
      .selectFrom('coupons')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** Redemptions per coupon and status. */
  async usage(db: Db, tenantId: number, couponIds: readonly number[]) {
    if (couponIds.length === 0) return [];
    const rows = await db
      .selectFrom('coupon_redemptions')
      .select(['coupon_id', 'status', (eb) => eb.fn.countAll().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('coupon_id', 'in', couponIds)
      .groupBy(['coupon_id', 'status'])
      .execute();
    return rows.map((r) => ({ coupon_id: r.coupon_id, status: r.status, n: Number(r.n) }));
  },

  insert(db: Db, row: Insertable<CouponsTable>) {
    return db.insertInto('coupons').values(row).returningAll().executeTakeFirstOrThrow();
  },

  update(db: Db, tenantId: number, id: number, changes: Updateable<CouponsTable>) {
    return db
      .updateTable('coupons')
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },

  /** How many of these ids are the tenant's rows of the table (a coupon's scope lists). */
  async countOwned(db: Db, table: 'restaurants' | 'products' | 'categories', tenantId: number, ids: number[]) {
    const found = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    return Number(found.n);
  },
};
