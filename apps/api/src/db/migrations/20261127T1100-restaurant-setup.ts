import { type Kysely, sql } from 'kysely';
import { withId, withTimestamps } from './support.js';

/**
 * Setting a business up from the back office (decision 037): the business's contact details on the
 * tenant, days a restaurant is closed outside its weekly hours (public holidays, closures), and the
 * dining tables whose QR codes lead to the dine-in menu.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tenants').addColumn('address', 'text').execute();
  await db.schema.alterTable('tenants').addColumn('phone', 'text').execute();
  await db.schema.alterTable('tenants').addColumn('email', 'text').execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('restaurant_closures'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
      // Restaurant-local calendar date 'YYYY-MM-DD'; the whole day is closed.
      .addColumn('date', 'text', (col) => col.notNull())
      // null: every method; else only this one.
      .addColumn('method', 'text')
      .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
      .addCheckConstraint(
        'restaurant_closures_method_check',
        sql`method is null or method in ('pickup', 'delivery', 'dine_in')`,
      ),
  ).execute();
  await db.schema
    .createIndex('restaurant_closures_lookup_idx')
    .on('restaurant_closures')
    .columns(['restaurant_id', 'date'])
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('dining_tables'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addUniqueConstraint('dining_tables_name_unique', ['restaurant_id', 'name']),
  ).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dining_tables').execute();
  await db.schema.dropTable('restaurant_closures').execute();
  await db.schema.alterTable('tenants').dropColumn('email').execute();
  await db.schema.alterTable('tenants').dropColumn('phone').execute();
  await db.schema.alterTable('tenants').dropColumn('address').execute();
}
