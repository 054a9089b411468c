import { z } from 'zod';

/**
 * Spec §3 Wishlist item: id, restaurant_product_id, product_id (master product), products (name,
 * description, price), restaurant_products.online_price, attachments[0].upload_path. Money in cents;
 * restaurant_id lets the favourites page add the item to the cart.
 */
export const wishlistItemSchema = z.object({
  id: z.number().int(),
  restaurant_product_id: z.number().int(),
  product_id: z.number().int(),
  restaurant_id: z.number().int(),
  products: z.object({ name: z.string(), description: z.string(), price: z.number().int() }),
  restaurant_products: z.object({ id: z.number().int(), online_price: z.number().int(), price: z.number().int() }),
  attachments: z.array(z.object({ upload_path: z.string() })),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

const id = z.number().int().positive().max(2_147_483_647);

/** POST /add-to-wishlist body (spec §7). */
export const addToWishlistRequestSchema = z.strictObject({
  product_id: id,
  restaurant_product_id: id,
  user_id: id,
});
export type AddToWishlistRequest = z.infer<typeof addToWishlistRequestSchema>;
