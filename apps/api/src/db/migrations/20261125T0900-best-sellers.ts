import { type Kysely, sql } from 'kysely';

/**
 * Best sellers per restaurant from order history (decision 020). `restaurant_products.is_best_seller`
 * is null until the restaurant has enough sales to decide; until then the product's own (curated,
 * seeded) flag stands. The periodic job reads the last weeks of sold orders by the time they were
 * placed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('restaurant_products')
    .addColumn('is_best_seller', 'integer', (col) => col.check(sql`is_best_seller in (0, 1)`))
    .execute();
  await db.schema.createIndex('orders_placed_idx').on('orders').columns(['placed_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_placed_idx').execute();
  await db.schema.alterTable('restaurant_products').dropColumn('is_best_seller').execute();
}
