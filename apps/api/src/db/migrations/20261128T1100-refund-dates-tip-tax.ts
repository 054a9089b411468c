import { type Kysely, sql } from 'kysely';
import { timestampType } from './support.js';

/**
 * When an order's money went back (decision 044): reports count a refund on the day it was made,
 * not the day its order was placed. Orders refunded before this was kept take their last update,
 * the closest record there is of when the refund was made.
 *
 * Whether tips bear tax is the tenant's choice (`tip_settings.taxed`); the tax in an order's tip is
 * worked out when it is placed and kept (`orders.tip_tax_cents`), so a later change of the setting
 * never changes an order, its invoice or a report.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('refunded_at', timestampType(db)).execute();
  await db
    .updateTable('orders')
    .set({ refunded_at: sql`updated_at` })
    .where('payment_status', '=', 'refunded')
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('tip_tax_cents', 'integer', (col) => col.notNull().defaultTo(0).check(sql`tip_tax_cents >= 0`))
    .execute();
  await db.schema
    .alterTable('tip_settings')
    .addColumn('taxed', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('orders_restaurant_refunded_idx')
    .on('orders')
    .columns(['tenant_id', 'restaurant_id', 'refunded_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_restaurant_refunded_idx').execute();
  await db.schema.alterTable('tip_settings').dropColumn('taxed').execute();
  await db.schema.alterTable('orders').dropColumn('tip_tax_cents').execute();
  await db.schema.alterTable('orders').dropColumn('refunded_at').execute();
}
