import type { Order } from '@orderfront/core';
import { api } from '@/lib/api-client';
import { orderAccessHeaders } from '@/lib/order-access';

/** GET /v2/orders/:id: the order as it stands once its payment went through. */
export function paidOrder(orderId: number) {
  return api<Order>(`/v2/orders/${orderId}`, { headers: orderAccessHeaders(orderId) });
}
