import { type Kysely, sql } from 'kysely';
import { withId, withTimestamps } from './support.js';

const tenantRef = 'tenants.id';

export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('categories'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references(tenantRef).onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('slug', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('image_path', 'text')
      .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
      .addUniqueConstraint('categories_tenant_slug_unique', ['tenant_id', 'slug']),
  ).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('products'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references(tenantRef).onDelete('cascade'))
      .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('image_path', 'text')
      .addColumn('is_half_and_half', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('is_best_seller', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('is_new', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
      .addCheckConstraint(
        'products_flags_check',
        sql`is_half_and_half in (0, 1) and is_best_seller in (0, 1) and is_new in (0, 1)`,
      ),
  ).execute();
  await db.schema
    .createIndex('products_tenant_category_idx')
    .on('products')
    .columns(['tenant_id', 'category_id'])
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('restaurant_products'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references(tenantRef).onDelete('cascade'))
      .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
      .addColumn('price', 'integer', (col) => col.notNull())
      .addColumn('online_price', 'integer', (col) => col.notNull())
      .addColumn('is_available', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('stock_count', 'integer')
      .addColumn('unit', 'text')
      .addUniqueConstraint('restaurant_products_unique', ['tenant_id', 'restaurant_id', 'product_id'])
      .addCheckConstraint(
        'restaurant_products_values_check',
        sql`price >= 0 and online_price >= 0 and is_available in (0, 1) and (stock_count is null or stock_count >= 0)`,
      ),
  ).execute();

  await withId(db, db.schema.createTable('attributes'))
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('display_name', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('attributes_product_idx').on('attributes').columns(['tenant_id', 'product_id']).execute();

  await withId(db, db.schema.createTable('attribute_values'))
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('attribute_id', 'integer', (col) => col.notNull().references('attributes.id').onDelete('cascade'))
    .addColumn('display_value', 'text', (col) => col.notNull())
    .addColumn('price_adjustment', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint('attribute_values_default_check', sql`is_default in (0, 1)`)
    .execute();

  await withId(db, db.schema.createTable('modifier_groups'))
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('min_select', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_select', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint(
      'modifier_groups_range_check',
      sql`min_select >= 0 and max_select >= 1 and min_select <= max_select`,
    )
    .execute();
  await db.schema
    .createIndex('modifier_groups_product_idx')
    .on('modifier_groups')
    .columns(['tenant_id', 'product_id'])
    .execute();

  // The options of a group as one restaurant sells them (the cart's restaurant_product_modifiers).
  await withId(db, db.schema.createTable('restaurant_product_modifiers'))
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('modifier_group_id', 'integer', (col) =>
      col.notNull().references('modifier_groups.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('price', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('online_price', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_quantity', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('is_available', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint(
      'restaurant_product_modifiers_values_check',
      sql`price >= 0 and online_price >= 0 and max_quantity >= 1 and is_available in (0, 1)`,
    )
    .execute();
  await db.schema
    .createIndex('restaurant_product_modifiers_lookup_idx')
    .on('restaurant_product_modifiers')
    .columns(['tenant_id', 'restaurant_id'])
    .execute();

  await withId(db, db.schema.createTable('modifier_configurations'))
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('modifier_id', 'integer', (col) =>
      col.notNull().references('restaurant_product_modifiers.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('price_adjustment', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  // Deals and combos share one shape: a priced bundle per restaurant with slots to fill.
  for (const table of ['deals', 'combo_products']) {
    await withTimestamps(
      db,
      withId(db, db.schema.createTable(table))
        .addColumn('tenant_id', 'integer', (col) => col.notNull().references(tenantRef).onDelete('cascade'))
        .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('image_path', 'text')
        .addColumn('price', 'integer', (col) => col.notNull())
        .addColumn('online_price', 'integer', (col) => col.notNull())
        .addColumn('is_available', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
        .addCheckConstraint(`${table}_values_check`, sql`price >= 0 and online_price >= 0 and is_available in (0, 1)`),
    ).execute();
  }

  for (const [table, parent] of [
    ['deal_component_types', 'deals'],
    ['combo_product_slots', 'combo_products'],
  ] as const) {
    await withId(db, db.schema.createTable(table))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references(tenantRef).onDelete('cascade'))
      .addColumn('parent_id', 'integer', (col) => col.notNull().references(`${parent}.id`).onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('quantity', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
      .addCheckConstraint(`${table}_quantity_check`, sql`quantity >= 1`)
      .execute();
  }

  // What may fill a slot: restaurant products, each with an optional surcharge.
  await withId(db, db.schema.createTable('slot_choices'))
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('deal_component_type_id', 'integer', (col) =>
      col.references('deal_component_types.id').onDelete('cascade'),
    )
    .addColumn('combo_product_slot_id', 'integer', (col) =>
      col.references('combo_product_slots.id').onDelete('cascade'),
    )
    .addColumn('restaurant_product_id', 'integer', (col) =>
      col.notNull().references('restaurant_products.id').onDelete('cascade'),
    )
    .addColumn('extra_price', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint(
      'slot_choices_parent_check',
      sql`(deal_component_type_id is null) <> (combo_product_slot_id is null) and extra_price >= 0`,
    )
    .execute();

  // Bumped by every catalogue write; the menu cache and the ETag follow it.
  await db.schema
    .createTable('catalogue_versions')
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('catalogue_versions_pk', ['tenant_id', 'restaurant_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'catalogue_versions',
    'slot_choices',
    'combo_product_slots',
    'deal_component_types',
    'combo_products',
    'deals',
    'modifier_configurations',
    'restaurant_product_modifiers',
    'modifier_groups',
    'attribute_values',
    'attributes',
    'restaurant_products',
    'products',
    'categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
