import type { WishlistItem } from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../lib/errors.js';
import { placeholderImage } from '../catalogue/service.js';
import { wishlistRepository } from './repository.js';

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof wishlistRepository>['find']>>>;

function toItem(row: Row): WishlistItem {
  return {
    id: row.id,
    restaurant_product_id: row.restaurant_product_id,
    product_id: row.product_id,
    restaurant_id: row.restaurant_id,
    products: { name: row.name, description: row.description, price: row.price },
    restaurant_products: { id: row.restaurant_product_id, online_price: row.online_price, price: row.price },
    attachments: [{ upload_path: row.image_path ?? placeholderImage }],
  };
}

export function wishlistService(db: Db) {
  const repo = wishlistRepository(db);
  return {
    async list(tenantId: number, userId: number) {
      return (await repo.list(tenantId, userId)).map(toItem);
    },

    /** Adds a restaurant product; adding one already there answers the existing item. */
    async add(tenantId: number, userId: number, input: { product_id: number; restaurant_product_id: number }) {
      const target = await repo.findRestaurantProduct(tenantId, input.restaurant_product_id);
      if (!target || !(await repo.productExists(tenantId, input.product_id))) {
        throw new AppError('not_found', 'No such product');
      }
      if (target.product_id !== input.product_id) {
        throw new AppError('bad_request', 'product_id does not match restaurant_product_id', {
          product_id: 'Not the product of this restaurant product',
        });
      }
      const existing = await repo.findByRestaurantProduct(tenantId, userId, target.id);
      if (existing) return { created: false, item: toItem(existing) };
      try {
        const id = await repo.insert(tenantId, userId, target.id, target.product_id);
        const row = await repo.find(tenantId, userId, id);
        if (!row) throw new AppError('not_found', 'No such product');
        return { created: true, item: toItem(row) };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const row = await repo.findByRestaurantProduct(tenantId, userId, target.id);
        if (!row) throw error;
        return { created: false, item: toItem(row) };
      }
    },

    async remove(tenantId: number, userId: number, id: number) {
      if (!(await repo.remove(tenantId, userId, id))) throw new AppError('not_found', 'No such wishlist item');
    },

    async clear(tenantId: number, userId: number) {
      await repo.clear(tenantId, userId);
    },
  };
}
