import { soldOrderStatuses } from '@orderfront/core';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** Order history read for the best sellers, and the flags they set; each one scoped by tenant. */
export function bestSellersRepository(db: Db) {
  return {
    /** Restaurants with at least `minOrders` orders sold in [since, until), with their tenant. */
    busyRestaurants(since: string, until: string, minOrders: number) {
      return db
        .selectFrom('orders as o')
        .innerJoin('restaurants as r', (join) =>
          join.onRef('r.id', '=', 'o.restaurant_id').onRef('r.tenant_id', '=', 'o.tenant_id'),
        )
        .select(['o.tenant_id', 'o.restaurant_id'])
        .where('o.status', 'in', soldOrderStatuses)
        .where('o.placed_at', '>=', since)
        .where('o.placed_at', '<', until)
        .groupBy(['o.tenant_id', 'o.restaurant_id'])
        .having((eb) => eb.fn.countAll(), '>=', minOrders)
        .orderBy('o.tenant_id')
        .orderBy('o.restaurant_id')
        .execute();
    },

    /** One page of the restaurant's sold orders in [since, until), after order id `after`. */
    soldSnapshots(tenantId: number, restaurantId: number, since: string, until: string, after: number, size: number) {
      return db
        .selectFrom('orders')
        .select(['id', 'snapshot'])
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .where('status', 'in', soldOrderStatuses)
        .where('placed_at', '>=', since)
        .where('placed_at', '<', until)
        .where('id', '>', after)
        .orderBy('id')
        .limit(size)
        .execute();
    },

    /** Every product of the restaurant with the best-seller flag its menu shows now. */
    shownFlags(tenantId: number, restaurantId: number) {
      return db
        .selectFrom('restaurant_products')
        .select((eb) => ['id', shown(eb).as('is_best_seller')])
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .execute();
    },

    /**
     * Makes exactly `ids` the restaurant's best sellers with one conditional UPDATE: only rows
     * whose shown flag differs are written, so a run that finds another's work done (or nothing
     * to do) writes nothing. The number of rows changed.
     */
    async setBestSellers(trx: Kysely<Database>, tenantId: number, restaurantId: number, ids: readonly number[]) {
      const target = (eb: ExpressionBuilder<Database, 'restaurant_products'>) =>
        ids.length === 0
          ? eb.lit(0)
          : eb.case().when('restaurant_products.id', 'in', ids).then(eb.lit(1)).else(eb.lit(0)).end();
      const result = await trx
        .updateTable('restaurant_products')
        .set((eb) => ({ is_best_seller: target(eb), updated_at: new Date().toISOString() }))
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .where((eb) => eb(shown(eb), '<>', target(eb)))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

/** What the menu shows (catalogue repository): the restaurant's own verdict, else the product's flag. */
function shown(eb: ExpressionBuilder<Database, 'restaurant_products'>) {
  return eb.fn.coalesce(
    'restaurant_products.is_best_seller',
    eb
      .selectFrom('products as p')
      .select('p.is_best_seller')
      .whereRef('p.id', '=', 'restaurant_products.product_id')
      .whereRef('p.tenant_id', '=', 'restaurant_products.tenant_id'),
  );
}
