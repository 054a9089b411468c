import type { OrderingControls, OrderingUpdateBody } from '@storefront/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** PATCH /v2/admin/ordering (manager+). */
export function updateOrdering(body: OrderingUpdateBody) {
  return api<OrderingControls>('/v2/admin/ordering', { method: 'PATCH', body });
}

/** PUT /v2/admin/ordering/pause (staff+): minutes 0 resumes. */
export function pauseOrdering(restaurantId: number, minutes: number) {
  return api<OrderingControls>('/v2/admin/ordering/pause', {
    method: 'PUT',
    body: { restaurant_id: restaurantId, minutes },
  });
}

export function useOrderingMutations(restaurantId: number) {
  const client = useQueryClient();
  const onSuccess = (data: OrderingControls) => client.setQueryData(['admin', 'ordering', restaurantId], data);
  return {
    update: useMutation({
      mutationFn: (body: Omit<OrderingUpdateBody, 'restaurant_id'>) =>
        updateOrdering({ ...body, restaurant_id: restaurantId } as OrderingUpdateBody),
      onSuccess,
    }),
    pause: useMutation({ mutationFn: (minutes: number) => pauseOrdering(restaurantId, minutes), onSuccess }),
  };
}
