import type { CartLineRemoved } from '@orderfront/core';
import { api } from '@/lib/api-client';

/** DELETE /v2/cart/{id} */
export function removeCartItem(cartId: number) {
  return api<CartLineRemoved>(`/v2/cart/${cartId}`, { method: 'DELETE' });
}
