import type { Order } from '@orderfront/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface OrderHistoryPage {
  items: Order[];
  page: number;
  per_page: number;
  total: number;
}

/** GET /v2/orders: the signed-in user's orders, newest first. */
export function getOrderHistory(page: number, signal?: AbortSignal) {
  return api<OrderHistoryPage>('/v2/orders', { query: { page, per_page: 10 }, signal });
}

export function orderHistoryQueryOptions(userId: number | null) {
  return infiniteQueryOptions({
    queryKey: ['orders', 'history', userId],
    queryFn: ({ pageParam, signal }) => getOrderHistory(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.per_page < last.total ? last.page + 1 : undefined),
    enabled: userId !== null,
    staleTime: 0,
  });
}

export function useOrderHistory(userId: number | null) {
  return useInfiniteQuery(orderHistoryQueryOptions(userId));
}
