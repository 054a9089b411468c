import { type Kysely, sql } from 'kysely';
import { withId, withTimestamps } from './support.js';

/**
 * Special hours on a date (decision 043): a restaurant's hours for one method on one local date
 * (e.g. 24 Dec 10:00–14:00), which replace that weekday's hours for slots, ASAP and order checks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('restaurant_special_hours'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
      // Restaurant-local calendar date 'YYYY-MM-DD'.
      .addColumn('date', 'text', (col) => col.notNull())
      .addColumn('method', 'text', (col) => col.notNull())
      // 'HH:MM' local, within the day: closes after it opens.
      .addColumn('opens_at', 'text', (col) => col.notNull())
      .addColumn('closes_at', 'text', (col) => col.notNull())
      .addCheckConstraint('restaurant_special_hours_method_check', sql`method in ('pickup', 'delivery', 'dine_in')`)
      .addCheckConstraint('restaurant_special_hours_range_check', sql`closes_at > opens_at`),
  ).execute();
  await db.schema
    .createIndex('restaurant_special_hours_lookup_idx')
    .on('restaurant_special_hours')
    .columns(['restaurant_id', 'date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('restaurant_special_hours').execute();
}
