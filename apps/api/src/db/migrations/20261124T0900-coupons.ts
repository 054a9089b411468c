import { type Kysely, sql } from 'kysely';
import { timestampType, withId, withTimestamps } from './support.js';

/**
 * Coupons, offers and coupon redemptions (decision 012). Conditions shared by coupons and offers sit in
 * plain columns; lists (restaurants, methods, products, categories, weekdays) are JSON arrays in
 * text, null meaning "no condition". A coupon's uses are counted in `times_used`, moved only by a
 * conditional update when an order reserves or releases a use (one row per use in
 * coupon_redemptions).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const tenantRef = (col: any) => col.notNull().references('tenants.id').onDelete('cascade');
  const rules = (table: any) =>
    table
      .addColumn('is_active', 'integer', (col: any) => col.notNull().defaultTo(1))
      .addColumn('valid_from', 'text')
      .addColumn('valid_until', 'text')
      .addColumn('daily_from', 'text')
      .addColumn('daily_until', 'text')
      .addColumn('days_of_week', 'text')
      .addColumn('restaurant_ids', 'text')
      .addColumn('methods', 'text')
      .addColumn('product_ids', 'text')
      .addColumn('category_ids', 'text')
      .addColumn('min_spend_cents', 'integer')
      .addColumn('excludes_cash_on_delivery', 'integer', (col: any) => col.notNull().defaultTo(0));

  await withTimestamps(
    db,
    rules(
      withId(db, db.schema.createTable('coupons'))
        .addColumn('tenant_id', 'integer', tenantRef)
        .addColumn('code', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('discount_type', 'text', (col) => col.notNull())
        .addColumn('value', 'integer', (col) => col.notNull())
        .addColumn('max_discount_cents', 'integer')
        .addColumn('usage_limit', 'integer')
        .addColumn('times_used', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('per_customer_limit', 'integer')
        .addColumn('first_order_only', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('is_auto_coupon', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('stackable', 'integer', (col) => col.notNull().defaultTo(0)),
    )
      .addCheckConstraint('coupons_type_check', sql`discount_type in ('flat', 'percentage')`)
      .addCheckConstraint(
        'coupons_value_check',
        sql`value >= 0 and (discount_type = 'flat' or value <= 10000) and (max_discount_cents is null or max_discount_cents >= 0)`,
      )
      .addCheckConstraint(
        'coupons_limits_check',
        sql`times_used >= 0 and (usage_limit is null or usage_limit >= 0) and (per_customer_limit is null or per_customer_limit >= 1)`,
      )
      .addCheckConstraint(
        'coupons_flags_check',
        sql`is_active in (0, 1) and first_order_only in (0, 1) and is_auto_coupon in (0, 1) and stackable in (0, 1) and excludes_cash_on_delivery in (0, 1)`,
      ),
  ).execute();
  // Codes are unique per tenant whatever their case.
  await sql`create unique index coupons_tenant_code_unique on coupons (tenant_id, lower(code))`.execute(db);

  await withTimestamps(
    db,
    rules(
      withId(db, db.schema.createTable('offers'))
        .addColumn('tenant_id', 'integer', tenantRef)
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('offer_type', 'text', (col) => col.notNull())
        .addColumn('free_quantity', 'integer')
        .addColumn('buy_quantity', 'integer')
        .addColumn('get_quantity', 'integer')
        .addColumn('get_discount_bp', 'integer')
        .addColumn('max_applications', 'integer')
        .addColumn('discount_type', 'text')
        .addColumn('value', 'integer')
        .addColumn('max_discount_cents', 'integer'),
    )
      .addCheckConstraint(
        'offers_type_check',
        sql`(offer_type = 'free_item' and free_quantity >= 1)
          or (offer_type = 'buy_x_get_y' and buy_quantity >= 1 and get_quantity >= 1
              and (get_discount_bp is null or get_discount_bp between 1 and 10000)
              and (max_applications is null or max_applications >= 1))
          or (offer_type = 'order_discount' and discount_type in ('flat', 'percentage') and value >= 0
              and (discount_type = 'flat' or value <= 10000))`,
      )
      .addCheckConstraint('offers_flags_check', sql`is_active in (0, 1) and excludes_cash_on_delivery in (0, 1)`),
  ).execute();
  await db.schema.createIndex('offers_tenant_idx').on('offers').column('tenant_id').execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('coupon_redemptions'))
      .addColumn('tenant_id', 'integer', tenantRef)
      .addColumn('coupon_id', 'integer', (col) => col.notNull().references('coupons.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
      .addColumn('guest_id', 'integer')
      .addColumn('order_id', 'integer', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('reserved_at', timestampType(db), (col) => col.notNull())
      .addColumn('used_at', timestampType(db))
      .addColumn('released_at', timestampType(db))
      .addCheckConstraint('coupon_redemptions_status_check', sql`status in ('reserved', 'used', 'released')`)
      .addCheckConstraint('coupon_redemptions_owner_check', sql`(user_id is null) <> (guest_id is null)`),
  ).execute();
  // A coupon holds at most one live use per order; a released use may be followed by a new one.
  await sql`create unique index coupon_redemptions_live_unique on coupon_redemptions (order_id, coupon_id) where status <> 'released'`.execute(
    db,
  );
  await db.schema
    .createIndex('coupon_redemptions_user_idx')
    .on('coupon_redemptions')
    .columns(['tenant_id', 'coupon_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('coupon_redemptions_guest_idx')
    .on('coupon_redemptions')
    .columns(['tenant_id', 'coupon_id', 'guest_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('coupon_redemptions').execute();
  await db.schema.dropTable('offers').execute();
  await db.schema.dropTable('coupons').execute();
}
