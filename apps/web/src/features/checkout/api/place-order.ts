import type { PlacedOrder, PlaceOrderBody } from '@orderfront/core';
import { api } from '@/lib/api-client';

/** POST /v2/orders with an Idempotency-Key: the same key always answers the same order. */
export function placeOrder(body: PlaceOrderBody, idempotencyKey: string) {
  return api<PlacedOrder>('/v2/orders', { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey } });
}
