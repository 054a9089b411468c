import { type Kysely, sql } from 'kysely';
import { doubleType, timestampType, withId, withTimestamps } from './support.js';

export async function up(db: Kysely<any>): Promise<void> {
  const tenantRef = (col: any) => col.notNull().references('tenants.id').onDelete('cascade');
  const restaurantRef = (col: any) => col.notNull().references('restaurants.id').onDelete('cascade');

  // How a restaurant takes pickup and delivery orders; a restaurant without a row uses the defaults.
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('fulfilment_settings'))
      .addColumn('tenant_id', 'integer', tenantRef)
      .addColumn('restaurant_id', 'integer', (col) => restaurantRef(col).unique())
      .addColumn('lead_time_minutes', 'integer', (col) => col.notNull().defaultTo(20))
      .addColumn('slot_minutes', 'integer', (col) => col.notNull().defaultTo(15))
      .addColumn('max_orders_per_slot', 'integer', (col) => col.notNull().defaultTo(10))
      // null: follow the storefront's isAsapOptionEnabled setting (spec §9: off by default).
      .addColumn('asap_enabled', 'integer')
      .addCheckConstraint('fulfilment_settings_lead_check', sql`lead_time_minutes between 0 and 1440`)
      .addCheckConstraint('fulfilment_settings_slot_check', sql`slot_minutes between 5 and 120`)
      .addCheckConstraint('fulfilment_settings_capacity_check', sql`max_orders_per_slot >= 1`)
      .addCheckConstraint('fulfilment_settings_asap_check', sql`asap_enabled is null or asap_enabled in (0, 1)`),
  ).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('delivery_zones'))
      .addColumn('tenant_id', 'integer', tenantRef)
      .addColumn('restaurant_id', 'integer', restaurantRef)
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      // JSON arrays of strings ('areas' zones).
      .addColumn('postcodes', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('suburbs', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('radius_km', doubleType(db))
      .addColumn('fee_cents', 'integer', (col) => col.notNull())
      .addColumn('minimum_order_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('free_over_cents', 'integer')
      .addColumn('priority', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
      .addCheckConstraint('delivery_zones_kind_check', sql`kind in ('areas', 'radius')`)
      .addCheckConstraint('delivery_zones_radius_check', sql`kind <> 'radius' or radius_km > 0`)
      .addCheckConstraint(
        'delivery_zones_money_check',
        sql`fee_cents >= 0 and minimum_order_cents >= 0 and (free_over_cents is null or free_over_cents >= 0)`,
      )
      .addCheckConstraint('delivery_zones_active_check', sql`is_active in (0, 1)`),
  ).execute();
  await db.schema
    .createIndex('delivery_zones_restaurant_idx')
    .on('delivery_zones')
    .columns(['restaurant_id'])
    .execute();

  // Orders per kitchen slot, whatever the method: taken with a conditional update, so parallel
  // orders never pass the restaurant's max_orders_per_slot.
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('kitchen_slots'))
      .addColumn('tenant_id', 'integer', tenantRef)
      .addColumn('restaurant_id', 'integer', restaurantRef)
      .addColumn('slot_start', timestampType(db), (col) => col.notNull())
      .addColumn('orders', 'integer', (col) => col.notNull().defaultTo(0))
      .addUniqueConstraint('kitchen_slots_unique', ['restaurant_id', 'slot_start'])
      .addCheckConstraint('kitchen_slots_orders_check', sql`orders >= 0`),
  ).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['kitchen_slots', 'delivery_zones', 'fulfilment_settings']) {
    await db.schema.dropTable(table).execute();
  }
}
