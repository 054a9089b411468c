import { type Kysely, sql } from 'kysely';
import { timestampType, withId, withTimestamps } from './support.js';

/**
 * The back office (decision 017): which restaurants each staff member manages, timed out-of-stock
 * marks, the restaurants' ordering controls, and how a reservation went on the day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);

  // Staff and managers work at the restaurants listed here; owners manage all of the tenant's.
  await withId(db, db.schema.createTable('staff_restaurants'))
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addUniqueConstraint('staff_restaurants_unique', ['user_id', 'restaurant_id'])
    .execute();

  // is_available = 0 with available_again_at set: out of stock until then ("for today").
  for (const table of ['restaurant_products', 'restaurant_product_modifiers']) {
    await db.schema.alterTable(table).addColumn('available_again_at', ts).execute();
  }
  // The earliest such time of the restaurant: the catalogue version moves on when it passes.
  await db.schema.alterTable('catalogue_versions').addColumn('next_change_at', ts).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('ordering_controls'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('restaurant_id', 'integer', (col) =>
        col.notNull().unique().references('restaurants.id').onDelete('cascade'),
      )
      .addColumn('busy_minutes', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('paused_until', ts)
      .addColumn('pickup_enabled', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('delivery_enabled', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('dine_in_enabled', 'integer', (col) => col.notNull().defaultTo(1))
      .addCheckConstraint('ordering_controls_busy_check', sql`busy_minutes between 0 and 240`)
      .addCheckConstraint(
        'ordering_controls_flags_check',
        sql`pickup_enabled in (0, 1) and delivery_enabled in (0, 1) and dine_in_enabled in (0, 1)`,
      ),
  ).execute();

  // The customer's status stays confirmed/cancelled; staff record how a confirmed booking went.
  // Every existing confirmed booking is 'booked' (the default).
  await db.schema
    .alterTable('reservations')
    .addColumn('visit_status', 'text', (col) =>
      col.notNull().defaultTo('booked').check(sql`visit_status in ('booked', 'seated', 'no_show')`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reservations').dropColumn('visit_status').execute();
  await db.schema.dropTable('ordering_controls').execute();
  await db.schema.alterTable('catalogue_versions').dropColumn('next_change_at').execute();
  for (const table of ['restaurant_products', 'restaurant_product_modifiers']) {
    await db.schema.alterTable(table).dropColumn('available_again_at').execute();
  }
  await db.schema.dropTable('staff_restaurants').execute();
}
