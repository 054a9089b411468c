import type { OrderingControls } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/admin/ordering: the restaurant's switch, busy mode, pause and methods. */
export function getOrdering(restaurantId: number, signal?: AbortSignal) {
  return api<OrderingControls>('/v2/admin/ordering', { query: { restaurant_id: restaurantId }, signal });
}

export const orderingQueryOptions = (restaurantId: number) =>
  queryOptions({
    queryKey: ['admin', 'ordering', restaurantId],
    queryFn: ({ signal }) => getOrdering(restaurantId, signal),
    staleTime: 0,
  });

export function useOrdering(restaurantId: number) {
  return useQuery(orderingQueryOptions(restaurantId));
}
