import { type Kysely, sql } from 'kysely';
import { doubleType, withId, withTimestamps } from './support.js';

export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    db,
    db.schema
      .createTable('tenants')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('short_name', 'text', (col) => col.notNull())
      .addColumn('slug', 'text', (col) => col.notNull().unique())
      .addColumn('host', 'text', (col) => col.unique())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('locale', 'text', (col) => col.notNull())
      .addColumn('timezone', 'text', (col) => col.notNull())
      .addColumn('tax_mode', 'text', (col) => col.notNull())
      .addColumn('tax_rate_bps', 'integer', (col) => col.notNull())
      .addCheckConstraint('tenants_tax_mode_check', sql`tax_mode in ('inclusive', 'exclusive')`)
      .addCheckConstraint('tenants_tax_rate_check', sql`tax_rate_bps between 0 and 10000`),
  ).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('restaurants'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('slug', 'text', (col) => col.notNull())
      .addColumn('status', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('street_name', 'text', (col) => col.notNull())
      .addColumn('suburb', 'text', (col) => col.notNull())
      .addColumn('city', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('postcode', 'text', (col) => col.notNull())
      .addColumn('country', 'text', (col) => col.notNull())
      .addColumn('phone', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('latitude', doubleType(db), (col) => col.notNull())
      .addColumn('longitude', doubleType(db), (col) => col.notNull())
      .addColumn('timezone', 'text', (col) => col.notNull())
      .addColumn('image_path', 'text')
      .addUniqueConstraint('restaurants_tenant_slug_unique', ['tenant_id', 'slug'])
      .addCheckConstraint('restaurants_status_check', sql`status in (0, 1)`),
  ).execute();
  await db.schema
    .createIndex('restaurants_tenant_status_idx')
    .on('restaurants')
    .columns(['tenant_id', 'status'])
    .execute();

  await withId(db, db.schema.createTable('restaurant_hours'))
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('weekday', 'integer', (col) => col.notNull())
    .addColumn('opens_at', 'text', (col) => col.notNull())
    .addColumn('closes_at', 'text', (col) => col.notNull())
    .addCheckConstraint('restaurant_hours_method_check', sql`method in ('pickup', 'delivery', 'dine_in')`)
    .addCheckConstraint('restaurant_hours_weekday_check', sql`weekday between 0 and 6`)
    .execute();
  await db.schema
    .createIndex('restaurant_hours_lookup_idx')
    .on('restaurant_hours')
    .columns(['restaurant_id', 'method', 'weekday'])
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('app_settings'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('restaurant_id', 'integer', (col) => col.references('restaurants.id').onDelete('cascade'))
      .addColumn('web_config', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('payment_gateway_config', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('payment_gateway_secrets', 'text')
      .addColumn('is_online_order_enabled', 'integer', (col) => col.notNull().defaultTo(1))
      .addCheckConstraint('app_settings_online_check', sql`is_online_order_enabled in (0, 1)`),
  ).execute();
  // One tenant-level row and at most one row per restaurant.
  await db.schema
    .createIndex('app_settings_tenant_unique')
    .on('app_settings')
    .column('tenant_id')
    .unique()
    .where(sql.ref('restaurant_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('app_settings_restaurant_unique')
    .on('app_settings')
    .columns(['tenant_id', 'restaurant_id'])
    .unique()
    .where(sql.ref('restaurant_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['app_settings', 'restaurant_hours', 'restaurants', 'tenants']) {
    await db.schema.dropTable(table).execute();
  }
}
