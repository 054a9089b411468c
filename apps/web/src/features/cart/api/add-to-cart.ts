import type { AddToCartPayload, CartLineQuantity } from '@orderfront/core';
import { api } from '@/lib/api-client';

/** POST /v2/cart with the caller's user_id or guest_id. */
export function addToCart(body: AddToCartPayload & { user_id?: number; guest_id?: number }) {
  return api<CartLineQuantity>('/v2/cart', { method: 'POST', body });
}
