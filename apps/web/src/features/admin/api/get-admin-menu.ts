import type { AdminMenu } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/admin/menu: the restaurant's products and options with availability and prices. */
export function getAdminMenu(restaurantId: number, signal?: AbortSignal) {
  return api<AdminMenu>('/v2/admin/menu', { query: { restaurant_id: restaurantId }, signal });
}

export const adminMenuQueryOptions = (restaurantId: number) =>
  queryOptions({
    queryKey: ['admin', 'menu', restaurantId],
    queryFn: ({ signal }) => getAdminMenu(restaurantId, signal),
    staleTime: 0,
  });

export function useAdminMenu(restaurantId: number) {
  return useQuery(adminMenuQueryOptions(restaurantId));
}
