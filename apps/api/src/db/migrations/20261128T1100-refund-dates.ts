import { type Kysely, sql } from 'kysely';
import { timestampType } from './support.js';

/**
 * When an order's money went back (decision 044): reports count a refund on the day it was made,
 * not the day its order was placed. Orders refunded before this was kept take their last update,
 * the closest record there is of when the refund was made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('refunded_at', timestampType(db)).execute();
  await db
    .updateTable('orders')
    .set({ refunded_at: sql`updated_at` })
    .where('payment_status', '=', 'refunded')
    .execute();
  await db.schema
    .createIndex('orders_restaurant_refunded_idx')
    .on('orders')
    .columns(['tenant_id', 'restaurant_id', 'refunded_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_restaurant_refunded_idx').execute();
  await db.schema.alterTable('orders').dropColumn('refunded_at').execute();
}
