import { type Kysely, sql } from 'kysely';
import { withId, withTimestamps } from './support.js';

/**
 * The cart: one row per cart line, owned by a user or a guest of the tenant. What the customer
 * chose (attributes, modifiers with configurations, halves, deal/combo children) is kept as JSON
 * in `selection`; prices are never stored, the cart is re-priced from the catalogue on every read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('cart_items'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
      .addColumn('guest_id', 'integer')
      .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('restaurant_product_id', 'integer')
      .addColumn('product_id', 'integer')
      .addColumn('deal_id', 'integer')
      .addColumn('combo_product_id', 'integer')
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addColumn('is_half_and_half', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('selection', 'text', (col) => col.notNull())
      .addCheckConstraint('cart_items_kind_check', sql`kind in ('product', 'half_and_half', 'deal', 'combo')`)
      .addCheckConstraint('cart_items_quantity_check', sql`quantity between 1 and 99`)
      .addCheckConstraint('cart_items_owner_check', sql`(user_id is null) <> (guest_id is null)`),
  ).execute();
  await db.schema.createIndex('cart_items_user_idx').on('cart_items').columns(['tenant_id', 'user_id']).execute();
  await db.schema.createIndex('cart_items_guest_idx').on('cart_items').columns(['tenant_id', 'guest_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cart_items').execute();
}
