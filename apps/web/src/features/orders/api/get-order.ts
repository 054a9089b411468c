import type { Order } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/orders/:id[?token=] (token: a guest's confirmation link). */
export function getOrder(orderId: number, token: string | null, signal?: AbortSignal) {
  return api<Order>(`/v2/orders/${orderId}`, { query: { token: token || undefined }, signal });
}

export const orderQueryKey = (orderId: number) => ['order', orderId] as const;

export function orderQueryOptions(orderId: number, token: string | null) {
  return queryOptions({
    queryKey: orderQueryKey(orderId),
    queryFn: ({ signal }) => getOrder(orderId, token, signal),
    // The event stream keeps it current while the page is open.
    staleTime: 0,
  });
}

export function useOrder(orderId: number, token: string | null) {
  return useQuery(orderQueryOptions(orderId, token));
}
