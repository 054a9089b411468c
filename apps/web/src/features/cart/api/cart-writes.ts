import type { AddToCartPayload } from '@storefront/core';
import { api } from '@/lib/api-client';

/** POST /v2/cart with the caller's user_id or guest_id. */
export function addToCart(body: AddToCartPayload & { user_id?: number; guest_id?: number }) {
  return api<{ id: number; quantity: number }>('/v2/cart', { method: 'POST', body });
}

/** PUT /cart/update-cart {cart_id, quantity} */
export function updateCartItem(cartId: number, quantity: number) {
  return api<{ id: number; quantity: number }>('/cart/update-cart', {
    method: 'PUT',
    body: { cart_id: cartId, quantity },
  });
}

/** DELETE /v2/cart/{id} */
export function removeCartItem(cartId: number) {
  return api<{ id: number }>(`/v2/cart/${cartId}`, { method: 'DELETE' });
}

/** DELETE /v2/cart/clear: clears the caller's cart (by user_id or guest_id). */
export function clearCart(ids: { user_id?: number; guest_id?: number }) {
  return api<{ removed: number }>('/v2/cart/clear', { method: 'DELETE', body: ids });
}
