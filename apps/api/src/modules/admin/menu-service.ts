import {
  type AdminMenu,
  type AdminProduct,
  type AvailabilityBody,
  nextLocalMidnight,
  type ProductEditBody,
} from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { catalogueService, onSale, placeholderImage } from '../catalogue/service.js';
import { adminRepository } from './repository.js';

type Restaurant = { id: number; timezone: string };

/** The back office's view of a restaurant's menu and its writes (availability, prices, texts, images). */
export function adminMenuService(db: Db, now: () => Date = () => new Date()) {
  const repo = adminRepository(db);
  const catalogue = catalogueService(db);

  const availability = (row: { is_available: number; available_again_at: string | null }) => {
    const available = onSale(row, now());
    return { is_available: available, available_again_at: available ? null : row.available_again_at };
  };

  async function menu(tenantId: number, restaurant: Restaurant): Promise<AdminMenu> {
    const [products, modifiers] = await Promise.all([
      repo.products(tenantId, restaurant.id),
      repo.modifiers(tenantId, restaurant.id),
    ]);
    return {
      restaurant_id: restaurant.id,
      timezone: restaurant.timezone,
      products: products.map(
        (p): AdminProduct => ({
          id: p.id,
          product_id: p.product_id,
          category_id: p.category_id,
          category_name: p.category_name,
          name: p.name,
          description: p.description,
          image_url: p.image_path ?? placeholderImage,
          price: p.price,
          online_price: p.online_price,
          stock_count: p.stock_count,
          ...availability(p),
          modifiers: modifiers
            .filter((m) => m.product_id === p.product_id)
            .map((m) => ({
              id: m.id,
              name: m.name,
              group_name: m.group_name,
              price: m.price,
              online_price: m.online_price,
              ...availability(m),
            })),
        }),
      ),
    };
  }

  async function product(tenantId: number, restaurant: Restaurant, restaurantProductId: number) {
    const found = (await menu(tenantId, restaurant)).products.find((p) => p.id === restaurantProductId);
    if (!found) throw new AppError('not_found', 'Product not found');
    return found;
  }

  /** Where a row must belong: the restaurant named in the call, else 404 (never another's row). */
  async function assertIn(
    table: 'restaurant_products' | 'restaurant_product_modifiers',
    tenantId: number,
    restaurantId: number,
    id: number,
  ) {
    const owner = await catalogue.restaurantOf(table, tenantId, id);
    if (owner !== restaurantId) {
      throw new AppError('not_found', table === 'restaurant_products' ? 'Product not found' : 'Option not found');
    }
  }

  const untilOf = (restaurant: Restaurant, body: AvailabilityBody) =>
    !body.available && body.until === 'today' ? nextLocalMidnight(now(), restaurant.timezone) : null;

  return {
    menu,

    /** '86' a product for today or until turned back, or put it back on sale. */
    async setProductAvailability(tenantId: number, restaurant: Restaurant, id: number, body: AvailabilityBody) {
      await assertIn('restaurant_products', tenantId, restaurant.id, id);
      await catalogue.setRestaurantProductAvailability(tenantId, id, body.available, untilOf(restaurant, body));
      return product(tenantId, restaurant, id);
    },

    async setModifierAvailability(tenantId: number, restaurant: Restaurant, id: number, body: AvailabilityBody) {
      await assertIn('restaurant_product_modifiers', tenantId, restaurant.id, id);
      await catalogue.setModifierAvailability(tenantId, id, body.available, untilOf(restaurant, body));
      const found = (await menu(tenantId, restaurant)).products.flatMap((p) => p.modifiers).find((m) => m.id === id);
      if (!found) throw new AppError('not_found', 'Option not found');
      return found;
    },

    /** Prices are the restaurant's; the description is the product's own (every restaurant shows it). */
    async editProduct(tenantId: number, restaurant: Restaurant, id: number, body: ProductEditBody) {
      await assertIn('restaurant_products', tenantId, restaurant.id, id);
      const { product_id } = await product(tenantId, restaurant, id);
      const restaurants =
        body.description === undefined ? [restaurant.id] : await repo.restaurantsSelling(tenantId, product_id);
      const prices =
        body.price !== undefined || body.online_price !== undefined
          ? {
              ...(body.price !== undefined && { price: body.price }),
              ...(body.online_price !== undefined && { online_price: body.online_price }),
            }
          : undefined;
      const fields = body.description !== undefined ? { description: body.description } : undefined;
      await catalogue.editProduct(tenantId, restaurants, {
        restaurantProductId: id,
        productId: product_id,
        prices,
        product: fields,
      });
      return product(tenantId, restaurant, id);
    },

    /** Points the product at a stored image (its public path); every restaurant selling it shows it. */
    async setProductImage(tenantId: number, restaurant: Restaurant, id: number, imagePath: string) {
      await assertIn('restaurant_products', tenantId, restaurant.id, id);
      const { product_id } = await product(tenantId, restaurant, id);
      const restaurants = await repo.restaurantsSelling(tenantId, product_id);
      await catalogue.editProduct(tenantId, restaurants, {
        restaurantProductId: id,
        productId: product_id,
        product: { image_path: imagePath },
      });
      return product(tenantId, restaurant, id);
    },

    assertProductIn: (tenantId: number, restaurantId: number, id: number) =>
      assertIn('restaurant_products', tenantId, restaurantId, id),
  };
}
