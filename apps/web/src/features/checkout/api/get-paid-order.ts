import type { Order } from '@orderfront/core';
import { api } from '@/lib/api-client';

/** GET /v2/orders/:id: the order as it stands once its payment went through. */
export function paidOrder(orderId: number, token?: string | null) {
  return api<Order>(`/v2/orders/${orderId}`, { query: { token: token ?? undefined } });
}
