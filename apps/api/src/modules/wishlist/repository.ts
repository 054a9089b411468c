import type { Db } from '../../db/database.js';

export function wishlistRepository(db: Db) {
  const items = (tenantId: number, userId: number) =>
    db
      .selectFrom('wishlist_items as w')
      .innerJoin('restaurant_products as rp', (join) =>
        join.onRef('rp.id', '=', 'w.restaurant_product_id').onRef('rp.tenant_id', '=', 'w.tenant_id'),
      )
      .innerJoin('products as p', (join) =>
        join.onRef('p.id', '=', 'rp.product_id').onRef('p.tenant_id', '=', 'w.tenant_id'),
      )
      .select([
        'w.id',
        'w.restaurant_product_id',
        'p.id as product_id',
        'rp.restaurant_id',
        'p.name',
        'p.description',
        'p.image_path',
        'rp.price',
        'rp.online_price',
      ])
      .where('w.tenant_id', '=', tenantId)
      .where('w.user_id', '=', userId);

  return {
    list: (tenantId: number, userId: number) => items(tenantId, userId).orderBy('w.id', 'desc').execute(),
    find: (tenantId: number, userId: number, id: number) =>
      items(tenantId, userId).where('w.id', '=', id).executeTakeFirst(),
    findByRestaurantProduct: (tenantId: number, userId: number, restaurantProductId: number) =>
      items(tenantId, userId).where('w.restaurant_product_id', '=', restaurantProductId).executeTakeFirst(),
    findRestaurantProduct(tenantId: number, restaurantProductId: number) {
      return db
        .selectFrom('restaurant_products')
        .select(['id', 'product_id'])
        .where('tenant_id', '=', tenantId)
        .where('id', '=', restaurantProductId)
        .executeTakeFirst();
    },
    async productExists(tenantId: number, productId: number) {
      const row = await db
        .selectFrom('products')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', productId)
        .executeTakeFirst();
      return row !== undefined;
    },
    async insert(tenantId: number, userId: number, restaurantProductId: number, productId: number) {
      const { id } = await db
        .insertInto('wishlist_items')
        .values({
          tenant_id: tenantId,
          user_id: userId,
          restaurant_product_id: restaurantProductId,
          product_id: productId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async remove(tenantId: number, userId: number, id: number) {
      const result = await db
        .deleteFrom('wishlist_items')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    async clear(tenantId: number, userId: number) {
      await db.deleteFrom('wishlist_items').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
    },
  };
}
