import type { AdminOpeningRange } from '@orderfront/core';
import type { Db } from '../../db/database.js';

/** Reads and writes of the back office that belong to no other module; each scoped by tenant. */
export function adminRepository(db: Db) {
  const restaurantColumns = ['r.id', 'r.name', 'r.timezone', 'r.status'] as const;
  return {
    tenantRestaurants(tenantId: number) {
      return db
        .selectFrom('restaurants as r')
        .select(restaurantColumns)
        .where('r.tenant_id', '=', tenantId)
        .orderBy('r.id')
        .execute();
    },
    assignedRestaurants(tenantId: number, userId: number) {
      return db
        .selectFrom('staff_restaurants as s')
        .innerJoin('restaurants as r', (join) =>
          join.onRef('r.id', '=', 's.restaurant_id').onRef('r.tenant_id', '=', 's.tenant_id'),
        )
        .select(restaurantColumns)
        .where('s.tenant_id', '=', tenantId)
        .where('s.user_id', '=', userId)
        .orderBy('r.id')
        .execute();
    },

    /** The tenant's staff (every role but customer) with the restaurants each is assigned to. */
    async staff(tenantId: number) {
      const [users, links] = await Promise.all([
        db
          .selectFrom('users')
          .select(['id', 'name', 'email', 'role'])
          .where('tenant_id', '=', tenantId)
          .where('role', '!=', 'customer')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('staff_restaurants')
          .select(['user_id', 'restaurant_id'])
          .where('tenant_id', '=', tenantId)
          .orderBy('restaurant_id')
          .execute(),
      ]);
      return users.map((u) => ({
        ...u,
        restaurant_ids: links.filter((l) => l.user_id === u.id).map((l) => l.restaurant_id),
      }));
    },

    findUser(tenantId: number, userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'role'])
        .where('tenant_id', '=', tenantId)
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
    },

    findUserByEmail(tenantId: number, email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'role'])
        .where('tenant_id', '=', tenantId)
        .where('email', '=', email)
        .executeTakeFirst();
    },

    setRole(tenantId: number, userId: number, role: 'staff' | 'manager') {
      return db
        .updateTable('users')
        .set({ role, updated_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', userId)
        .execute();
    },

    /** Replaces a staff member's restaurants (ids already checked to be the tenant's). */
    async setAssignments(tenantId: number, userId: number, restaurantIds: readonly number[]) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('staff_restaurants')
          .where('tenant_id', '=', tenantId)
          .where('user_id', '=', userId)
          .execute();
        if (restaurantIds.length === 0) return;
        await trx
          .insertInto('staff_restaurants')
          .values(restaurantIds.map((restaurant_id) => ({ tenant_id: tenantId, user_id: userId, restaurant_id })))
          .execute();
      });
    },

    /** A restaurant's products with category names, for the availability and menu screens. */
    products(tenantId: number, restaurantId: number) {
      return db
        .selectFrom('restaurant_products as rp')
        .innerJoin('products as p', (join) =>
          join.onRef('p.id', '=', 'rp.product_id').onRef('p.tenant_id', '=', 'rp.tenant_id'),
        )
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select([
          'rp.id',
          'rp.product_id',
          'rp.price',
          'rp.online_price',
          'rp.is_available',
          'rp.available_again_at',
          'rp.stock_count',
          'p.category_id',
          'c.name as category_name',
          'p.name',
          'p.description',
          'p.image_path',
        ])
        .where('rp.tenant_id', '=', tenantId)
        .where('rp.restaurant_id', '=', restaurantId)
        .orderBy('c.sort_order')
        .orderBy('p.sort_order')
        .orderBy('rp.id')
        .execute();
    },

    /** A restaurant's modifier options with the product they belong to. */
    modifiers(tenantId: number, restaurantId: number) {
      return db
        .selectFrom('restaurant_product_modifiers as m')
        .innerJoin('modifier_groups as g', 'g.id', 'm.modifier_group_id')
        .select([
          'm.id',
          'm.name',
          'g.name as group_name',
          'g.product_id',
          'm.price',
          'm.online_price',
          'm.is_available',
          'm.available_again_at',
        ])
        .where('m.tenant_id', '=', tenantId)
        .where('m.restaurant_id', '=', restaurantId)
        .orderBy('g.sort_order')
        .orderBy('m.sort_order')
        .orderBy('m.id')
        .execute();
    },

    hours(tenantId: number, restaurantId: number) {
      return db
        .selectFrom('restaurant_hours')
        .select(['method', 'weekday', 'opens_at', 'closes_at'])
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .orderBy('method')
        .orderBy('weekday')
        .orderBy('opens_at')
        .execute();
    },

    /** Replaces a restaurant's opening hours in one transaction (readers see the old or the new). */
    async replaceHours(tenantId: number, restaurantId: number, hours: readonly AdminOpeningRange[]) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('restaurant_hours')
          .where('tenant_id', '=', tenantId)
          .where('restaurant_id', '=', restaurantId)
          .execute();
        if (hours.length === 0) return;
        await trx
          .insertInto('restaurant_hours')
          .values(hours.map((h) => ({ ...h, tenant_id: tenantId, restaurant_id: restaurantId })))
          .execute();
      });
    },

    /** Restaurants of the tenant that sell a master product (their menus move on when it changes). */
    restaurantsSelling(tenantId: number, productId: number) {
      return db
        .selectFrom('restaurant_products')
        .select('restaurant_id')
        .distinct()
        .where('tenant_id', '=', tenantId)
        .where('product_id', '=', productId)
        .execute()
        .then((rows) => rows.map((r) => r.restaurant_id));
    },
  };
}
