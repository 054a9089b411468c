import type { CartLineQuantity } from '@orderfront/core';
import { api } from '@/lib/api-client';

/** PUT /cart/update-cart {cart_id, quantity} */
export function updateCartItem(cartId: number, quantity: number) {
  return api<CartLineQuantity>('/cart/update-cart', {
    method: 'PUT',
    body: { cart_id: cartId, quantity },
  });
}
