import { type Kysely, sql } from 'kysely';

/**
 * Sales reports read orders by restaurant and the time they were placed (decision 039). Tips
 * (decision 040): what the customer added on top of the order, paid with its payment and never
 * discounted; reports, invoices and the order read it.
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
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('tip_cents').execute();
  await db.schema.dropIndex('orders_restaurant_placed_idx').execute();
}
