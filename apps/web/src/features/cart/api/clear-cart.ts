import type { CartCleared } from '@orderfront/core';
import { api } from '@/lib/api-client';

/** DELETE /v2/cart/clear: clears the caller's cart (by user_id or guest_id). */
export function clearCart(ids: { user_id?: number; guest_id?: number }) {
  return api<CartCleared>('/v2/cart/clear', { method: 'DELETE', body: ids });
}
