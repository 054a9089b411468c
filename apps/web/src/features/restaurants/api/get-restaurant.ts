import type { RestaurantDetail } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

/** `GET /v2/restaurants/:id`: address, map location, hours per method and today's open state. */
export function getRestaurant(id: number, signal?: AbortSignal): Promise<RestaurantDetail> {
  return api<RestaurantDetail>(`/v2/restaurants/${id}`, { query: { tenant_id: runtimeConfig.tenantId }, signal });
}

export function restaurantQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['restaurants', 'detail', runtimeConfig.tenantId, id] as const,
    queryFn: ({ signal }) => getRestaurant(id, signal),
  });
}

export function useRestaurant(id: number | null) {
  return useQuery({ ...restaurantQueryOptions(id ?? 0), enabled: id !== null });
}
