import { type Kysely, sql } from 'kysely';
import { timestampType, withId, withTimestamps } from './support.js';

export async function up(db: Kysely<any>): Promise<void> {
  const tenantRef = (col: any) => col.notNull().references('tenants.id').onDelete('cascade');
  const restaurantRef = (col: any) => col.notNull().references('restaurants.id').onDelete('cascade');

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('reservation_settings'))
      .addColumn('tenant_id', 'integer', tenantRef)
      .addColumn('restaurant_id', 'integer', (col) => restaurantRef(col).unique())
      .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('slot_minutes', 'integer', (col) => col.notNull())
      .addColumn('stay_minutes', 'integer', (col) => col.notNull())
      .addColumn('capacity_unit', 'text', (col) => col.notNull())
      .addColumn('capacity_per_slot', 'integer', (col) => col.notNull())
      .addColumn('min_party', 'integer', (col) => col.notNull())
      .addColumn('max_party', 'integer', (col) => col.notNull())
      .addColumn('horizon_days', 'integer', (col) => col.notNull())
      .addColumn('min_notice_minutes', 'integer', (col) => col.notNull())
      .addColumn('cancel_cutoff_minutes', 'integer', (col) => col.notNull())
      .addColumn('max_active_per_customer', 'integer', (col) => col.notNull())
      .addCheckConstraint('reservation_settings_enabled_check', sql`enabled in (0, 1)`)
      .addCheckConstraint('reservation_settings_unit_check', sql`capacity_unit in ('tables', 'covers')`)
      .addCheckConstraint('reservation_settings_slot_check', sql`slot_minutes between 5 and 240`)
      .addCheckConstraint('reservation_settings_party_check', sql`min_party >= 1 and max_party >= min_party`),
  ).execute();

  await withId(db, db.schema.createTable('reservation_hours'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('restaurant_id', 'integer', restaurantRef)
    .addColumn('weekday', 'integer', (col) => col.notNull())
    .addColumn('opens_at', 'text', (col) => col.notNull())
    .addColumn('closes_at', 'text', (col) => col.notNull())
    .addCheckConstraint('reservation_hours_weekday_check', sql`weekday between 0 and 6`)
    .execute();
  await db.schema
    .createIndex('reservation_hours_restaurant_idx')
    .on('reservation_hours')
    .columns(['restaurant_id', 'weekday'])
    .execute();

  await withId(db, db.schema.createTable('reservation_closures'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('restaurant_id', 'integer', restaurantRef)
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
    .addUniqueConstraint('reservation_closures_unique', ['restaurant_id', 'date'])
    .execute();

  // One row per seating that has been booked at least once: capacity is taken from it with a
  // conditional update, so two requests can never both take the last table.
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('reservation_slots'))
      .addColumn('tenant_id', 'integer', tenantRef)
      .addColumn('restaurant_id', 'integer', restaurantRef)
      .addColumn('starts_at', timestampType(db), (col) => col.notNull())
      .addColumn('capacity', 'integer', (col) => col.notNull())
      .addColumn('booked', 'integer', (col) => col.notNull().defaultTo(0))
      .addUniqueConstraint('reservation_slots_unique', ['restaurant_id', 'starts_at'])
      .addCheckConstraint('reservation_slots_booked_check', sql`booked >= 0 and booked <= capacity`),
  ).execute();

  // Active bookings of one customer (by email) at one restaurant on one service day, capped the same way.
  await withId(db, db.schema.createTable('reservation_customer_days'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('restaurant_id', 'integer', restaurantRef)
    .addColumn('service_date', 'text', (col) => col.notNull())
    .addColumn('customer_key', 'text', (col) => col.notNull())
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint('reservation_customer_days_unique', ['restaurant_id', 'service_date', 'customer_key'])
    .addCheckConstraint('reservation_customer_days_active_check', sql`active >= 0`)
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('reservations'))
      .addColumn('tenant_id', 'integer', tenantRef)
      .addColumn('restaurant_id', 'integer', restaurantRef)
      .addColumn('slot_id', 'integer', (col) => col.notNull().references('reservation_slots.id'))
      .addColumn('reference', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('starts_at', timestampType(db), (col) => col.notNull())
      .addColumn('ends_at', timestampType(db), (col) => col.notNull())
      .addColumn('service_date', 'text', (col) => col.notNull())
      .addColumn('party_size', 'integer', (col) => col.notNull())
      .addColumn('units', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('phone_no', 'text', (col) => col.notNull())
      .addColumn('special_requests', 'text', (col) => col.notNull().defaultTo(''))
      // The users table belongs to accounts (decision 006); no foreign key so either migration can run first.
      .addColumn('user_id', 'integer')
      .addColumn('customer_key', 'text', (col) => col.notNull())
      .addColumn('cancel_token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('idempotency_key', 'text')
      .addColumn('request_fingerprint', 'text', (col) => col.notNull())
      .addColumn('cancelled_at', timestampType(db))
      .addUniqueConstraint('reservations_reference_unique', ['tenant_id', 'reference'])
      .addUniqueConstraint('reservations_idempotency_unique', ['tenant_id', 'idempotency_key'])
      .addCheckConstraint('reservations_status_check', sql`status in ('confirmed', 'cancelled')`),
  ).execute();
  await db.schema.createIndex('reservations_user_idx').on('reservations').columns(['tenant_id', 'user_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'reservations',
    'reservation_customer_days',
    'reservation_slots',
    'reservation_closures',
    'reservation_hours',
    'reservation_settings',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
