import type { Order } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderAccessHeaders } from '@/lib/order-access';

/** GET /v2/orders/:id: for its owner, or a guest with the order's access credential (a header). */
export function getOrder(orderId: number, signal?: AbortSignal) {
  return api<Order>(`/v2/orders/${orderId}`, { headers: orderAccessHeaders(orderId), signal });
}

export const orderQueryKey = (orderId: number) => ['order', orderId] as const;

export function orderQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: orderQueryKey(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
    // The event stream keeps it current while the page is open.
    staleTime: 0,
  });
}

export function useOrder(orderId: number, enabled = true) {
  return useQuery({ ...orderQueryOptions(orderId), enabled });
}
