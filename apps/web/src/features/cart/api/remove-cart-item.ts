import { api } from '@/lib/api-client';

/** DELETE /v2/cart/{id} */
export function removeCartItem(cartId: number) {
  return api<{ id: number }>(`/v2/cart/${cartId}`, { method: 'DELETE' });
}
