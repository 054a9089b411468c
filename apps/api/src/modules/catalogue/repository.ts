import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** Every read and write of the catalogue; each one scoped by tenant. */
export function catalogueRepository(db: Db) {
  return {
    findActiveRestaurant(tenantId: number, restaurantId: number) {
      return db
        .selectFrom('restaurants')
        .select(['id'])
        .where('tenant_id', '=', tenantId)
        .where('id', '=', restaurantId)
        .where('status', '=', 1)
        .executeTakeFirst();
    },

    /**
     * The restaurant's catalogue version (1 until the first write). One indexed lookup; when a timed
     * out-of-stock mark has just run out, the version moves on first (once, whichever process sees it).
     */
    async version(tenantId: number, restaurantId: number, now = new Date()): Promise<number> {
      const row = await db
        .selectFrom('catalogue_versions')
        .select(['version', 'next_change_at'])
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst();
      if (!row) return 1;
      if (row.next_change_at === null || Date.parse(row.next_change_at) > now.getTime()) return row.version;
      await db.transaction().execute(async (trx) => {
        const next = await nextChangeAt(trx, tenantId, restaurantId, now);
        await trx
          .updateTable('catalogue_versions')
          .set((eb) => ({ version: eb('version', '+', 1), next_change_at: next }))
          .where('tenant_id', '=', tenantId)
          .where('restaurant_id', '=', restaurantId)
          .where('version', '=', row.version)
          .execute();
      });
      const moved = await db
        .selectFrom('catalogue_versions')
        .select('version')
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirstOrThrow();
      return moved.version;
    },

    /** Everything one restaurant sells, in a handful of queries, as plain rows. */
    async snapshot(tenantId: number, restaurantId: number) {
      const [categories, products, attributes, values, groups, modifiers, configurations] = await Promise.all([
        db
          .selectFrom('categories')
          .selectAll()
          .where('tenant_id', '=', tenantId)
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
          ])
          .where('rp.tenant_id', '=', tenantId)
          .where('rp.restaurant_id', '=', restaurantId)
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
      return { categories, products, attributes, values, groups, modifiers, configurations };
    },

    async bundles(tenantId: number, restaurantId: number, kind: 'deals' | 'combos') {
      const table = kind === 'deals' ? 'deals' : 'combo_products';
      const slotTable = kind === 'deals' ? 'deal_component_types' : 'combo_product_slots';
      const bundles = await db
        .selectFrom(table)
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
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

    /**
     * Switches a restaurant product or a modifier on or off (`until`: back on sale then, or null);
     * the restaurant id, or undefined when the row is not this tenant's.
     */
    async setAvailability(
      trx: Kysely<Database>,
      table: 'restaurant_products' | 'restaurant_product_modifiers',
      tenantId: number,
      id: number,
      available: boolean,
      until: string | null,
    ) {
      const row = await trx
        .updateTable(table)
        .set({
          is_available: available ? 1 : 0,
          available_again_at: available ? null : until,
          ...(table === 'restaurant_products' ? { updated_at: new Date().toISOString() } : {}),
        })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .returning('restaurant_id')
        .executeTakeFirst();
      return row?.restaurant_id;
    },

    /** The restaurant a product or modifier row belongs to (this tenant's rows only). */
    restaurantOf(table: 'restaurant_products' | 'restaurant_product_modifiers', tenantId: number, id: number) {
      return db
        .selectFrom(table)
        .select('restaurant_id')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst()
        .then((row) => row?.restaurant_id);
    },

    /** Every catalogue write calls this in its transaction, so caches and ETags move on. */
    async bumpVersion(trx: Kysely<Database>, tenantId: number, restaurantId: number) {
      const next = await nextChangeAt(trx, tenantId, restaurantId, new Date());
      const updated = await trx
        .updateTable('catalogue_versions')
        .set((eb) => ({ version: eb('version', '+', 1), next_change_at: next }))
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await trx
          .insertInto('catalogue_versions')
          .values({ tenant_id: tenantId, restaurant_id: restaurantId, version: 2, next_change_at: next })
          .execute();
      }
    },
  };
}

/** The earliest timed out-of-stock mark of the restaurant still ahead of `now`, or null. */
async function nextChangeAt(db: Kysely<Database>, tenantId: number, restaurantId: number, now: Date) {
  const at = now.toISOString();
  const rows = await Promise.all(
    (['restaurant_products', 'restaurant_product_modifiers'] as const).map((table) =>
      db
        .selectFrom(table)
        .select('available_again_at')
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .where('is_available', '=', 0)
        .where('available_again_at', '>', at)
        .orderBy('available_again_at')
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  const times = rows.flatMap((r) => (r?.available_again_at ? [r.available_again_at] : []));
  return times.sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
}

export type CatalogueRepository = ReturnType<typeof catalogueRepository>;
export type CatalogueSnapshot = Awaited<ReturnType<CatalogueRepository['snapshot']>>;
export type BundleRows = Awaited<ReturnType<CatalogueRepository['bundles']>>;
