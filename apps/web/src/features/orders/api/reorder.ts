import { api } from '@/lib/api-client';

export interface ReorderResult {
  added: number;
  skipped: string[];
}

/** POST /v2/orders/:id/reorder: the order's lines back into the cart (what can still be ordered). */
export function reorder(orderId: number) {
  return api<ReorderResult>(`/v2/orders/${orderId}/reorder`, { method: 'POST' });
}
