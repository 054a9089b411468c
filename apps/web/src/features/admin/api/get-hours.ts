import type { AdminHours } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/admin/hours (manager+). */
export function getHours(restaurantId: number, signal?: AbortSignal) {
  return api<AdminHours>('/v2/admin/hours', { query: { restaurant_id: restaurantId }, signal });
}

export const hoursQueryOptions = (restaurantId: number) =>
  queryOptions({
    queryKey: ['admin', 'hours', restaurantId],
    queryFn: ({ signal }) => getHours(restaurantId, signal),
    staleTime: 0,
  });

export function useHours(restaurantId: number) {
  return useQuery(hoursQueryOptions(restaurantId));
}
