import { type Kysely, sql } from 'kysely';
import { nowDefault, timestampType, withId } from './support.js';

/**
 * The back office's catalogue editor (decision 038): what the editor and the import/export formats
 * need beyond the seed's columns, a publish revision separate from the cache version (an '86' moves
 * the cache but must not make a manager's draft stale), and one audit row per publish.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Weekday windows as JSON ([{ weekday, from, to }]); empty: always.
  await db.schema
    .alterTable('categories')
    .addColumn('dayparts', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('categories')
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The stable key import and export match products by (ids differ between businesses).
  await db.schema.alterTable('products').addColumn('ref', 'text').execute();
  await sql`update products set ref = 'p' || cast(id as text)`.execute(db);
  await db.schema
    .alterTable('products')
    .addColumn('labels', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('restaurant_products')
    .addColumn('channels', 'text', (c) => c.notNull().defaultTo('online,in_store,dine_in'))
    .execute();
  // A group shared between products is stored once per product (carts keep their option ids); the
  // key ties the copies together.
  await db.schema.alterTable('modifier_groups').addColumn('template_key', 'text').execute();
  await sql`update modifier_groups set template_key = 'g' || cast(id as text)`.execute(db);
  await db.schema
    .alterTable('modifier_groups')
    .addColumn('free_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('restaurant_product_modifiers')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('catalogue_versions')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await withId(db, db.schema.createTable('catalogue_publishes'))
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('source', 'text', (col) => col.notNull())
    // The change list (JSON array of strings) the dry run showed.
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType(db), (col) => col.notNull().defaultTo(nowDefault(db)))
    .execute();
  await db.schema
    .createIndex('catalogue_publishes_restaurant_idx')
    .on('catalogue_publishes')
    .columns(['tenant_id', 'restaurant_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalogue_publishes').execute();
  await db.schema.alterTable('catalogue_versions').dropColumn('revision').execute();
  await db.schema.alterTable('restaurant_product_modifiers').dropColumn('is_default').execute();
  await db.schema.alterTable('modifier_groups').dropColumn('free_quantity').execute();
  await db.schema.alterTable('modifier_groups').dropColumn('template_key').execute();
  await db.schema.alterTable('restaurant_products').dropColumn('channels').execute();
  await db.schema.alterTable('products').dropColumn('archived').execute();
  await db.schema.alterTable('products').dropColumn('labels').execute();
  await db.schema.alterTable('products').dropColumn('ref').execute();
  await db.schema.alterTable('categories').dropColumn('archived').execute();
  await db.schema.alterTable('categories').dropColumn('dayparts').execute();
}
