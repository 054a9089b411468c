import type { Kysely } from 'kysely';
import { nowDefault, timestampType, withId } from './support.js';

export async function up(db: Kysely<any>): Promise<void> {
  // One row per restaurant product a registered user keeps in the wishlist (spec §3 Wishlist item).
  await withId(db, db.schema.createTable('wishlist_items'))
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('restaurant_product_id', 'integer', (col) =>
      col.notNull().references('restaurant_products.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', timestampType(db), (col) => col.notNull().defaultTo(nowDefault(db)))
    .addUniqueConstraint('wishlist_items_unique', ['tenant_id', 'user_id', 'restaurant_product_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wishlist_items').execute();
}
