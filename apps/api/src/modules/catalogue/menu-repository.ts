import type { Db } from '../../db/database.js';

/** What a restaurant sells, read for the menus: plain rows, each query scoped by tenant. */
export function menuRows(db: Db) {
  return {
    /** Everything one restaurant sells, in a handful of queries, as plain rows. */
    async snapshot(tenantId: number, restaurantId: number) {
      const [categories, products, attributes, values, groups, modifiers, configurations] = await Promise.all([
        db
          .selectFrom('categories')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .where('archived', '=', 0)
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('restaurant_products as rp')
          .innerJoin('products as p', (join) =>
            join.onRef('p.id', '=', 'rp.product_id').onRef('p.tenant_id', '=', 'rp.tenant_id'),
          )
          .select([
            'rp.id',
            'rp.product_id',
            'rp.price',
            'rp.online_price',
            'rp.is_available',
            'rp.stock_count',
            'rp.unit',
            'rp.available_again_at',
            'p.category_id',
            'p.name',
            'p.description',
            'p.image_path',
            'p.is_half_and_half',
            // The restaurant's own sales decide once there are enough (decision 020).
            (eb) => eb.fn.coalesce('rp.is_best_seller', 'p.is_best_seller').as('is_best_seller'),
            'p.is_new',
            'p.sort_order',
            'p.labels',
            'p.tax_class',
            'rp.channels',
          ])
          .where('rp.tenant_id', '=', tenantId)
          .where('rp.restaurant_id', '=', restaurantId)
          // Archived products (decision 038) leave the menu; orders keep their rows.
          .where('p.archived', '=', 0)
          .orderBy('p.sort_order')
          .orderBy('rp.id')
          .execute(),
        db
          .selectFrom('attributes')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('attribute_values')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('modifier_groups')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('restaurant_product_modifiers')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .where('restaurant_id', '=', restaurantId)
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('modifier_configurations as c')
          .innerJoin('restaurant_product_modifiers as m', 'm.id', 'c.modifier_id')
          .selectAll('c')
          .where('c.tenant_id', '=', tenantId)
          .where('m.tenant_id', '=', tenantId)
          .where('m.restaurant_id', '=', restaurantId)
          .orderBy('c.sort_order')
          .orderBy('c.id')
          .execute(),
      ]);
      const restaurant = await db
        .selectFrom('restaurants')
        .select('timezone')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', restaurantId)
        .executeTakeFirst();
      return {
        timezone: restaurant?.timezone,
        categories,
        products,
        attributes,
        values,
        groups,
        modifiers,
        configurations,
      };
    },

    async bundles(tenantId: number, restaurantId: number, kind: 'deals' | 'combos') {
      const table = kind === 'deals' ? 'deals' : 'combo_products';
      const slotTable = kind === 'deals' ? 'deal_component_types' : 'combo_product_slots';
      const bundles = await db
        .selectFrom(table)
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .where('archived', '=', 0)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      const ids = bundles.map((b) => b.id);
      if (ids.length === 0) return { bundles, slots: [], choices: [] };
      const slots = await db
        .selectFrom(slotTable)
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('parent_id', 'in', ids)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      const slotIds = slots.map((s) => s.id);
      const slotColumn = kind === 'deals' ? 'sc.deal_component_type_id' : 'sc.combo_product_slot_id';
      const choices =
        slotIds.length === 0
          ? []
          : await db
              .selectFrom('slot_choices as sc')
              .innerJoin('restaurant_products as rp', 'rp.id', 'sc.restaurant_product_id')
              .innerJoin('products as p', 'p.id', 'rp.product_id')
              .select([
                'sc.deal_component_type_id',
                'sc.combo_product_slot_id',
                'sc.extra_price',
                'sc.size',
                'rp.id as restaurant_product_id',
                'rp.product_id',
                'rp.is_available',
                'rp.available_again_at',
                'rp.stock_count',
                'p.name',
              ])
              .where('sc.tenant_id', '=', tenantId)
              .where('rp.tenant_id', '=', tenantId)
              .where('rp.restaurant_id', '=', restaurantId)
              .where(slotColumn, 'in', slotIds)
              .orderBy('sc.sort_order')
              .orderBy('sc.id')
              .execute();
      return { bundles, slots, choices };
    },
  };
}
