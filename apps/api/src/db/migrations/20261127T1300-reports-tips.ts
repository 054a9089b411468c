import { type Kysely, sql } from 'kysely';
import { withId, withTimestamps } from './support.js';

/**
 * Sales reports read orders by restaurant and the time they were placed (decision 039). Tips
 * (decision 040): what the customer added on top of the order, paid with its payment and never
 * discounted; and per tenant, for which methods tips are offered, the preset percentages and
 * whether a custom amount is allowed (tips are off until the business turns them on).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('orders_restaurant_placed_idx')
    .on('orders')
    .columns(['tenant_id', 'restaurant_id', 'placed_at'])
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('tip_cents', 'integer', (col) => col.notNull().defaultTo(0).check(sql`tip_cents >= 0`))
    .execute();
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('tip_settings'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade').unique())
      .addColumn('pickup', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('delivery', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('dine_in', 'integer', (col) => col.notNull().defaultTo(0))
      // JSON list of whole percentages, e.g. [5, 10, 15]
      .addColumn('presets', 'text', (col) => col.notNull())
      .addColumn('allow_custom', 'integer', (col) => col.notNull().defaultTo(1)),
  ).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tip_settings').execute();
  await db.schema.alterTable('orders').dropColumn('tip_cents').execute();
  await db.schema.dropIndex('orders_restaurant_placed_idx').execute();
}
