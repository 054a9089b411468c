import { type RestaurantEntry, restaurantStatus } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

/** Spec §7 `POST /restaurants-with-images`: the configured tenant's active restaurants. */
export function getRestaurants(signal?: AbortSignal): Promise<RestaurantEntry[]> {
  return api<RestaurantEntry[]>('/restaurants-with-images', {
    method: 'POST',
    body: { tenant_id: runtimeConfig.tenantId, status: restaurantStatus.active },
    signal,
  });
}

export function restaurantsQueryOptions() {
  return queryOptions({
    queryKey: ['restaurants', 'with-images', runtimeConfig.tenantId, restaurantStatus.active] as const,
    queryFn: ({ signal }) => getRestaurants(signal),
  });
}

/** `retryOnMount: false` lets a view opened because the fetch failed show that failure, not refetch at once. */
export function useRestaurants(options: { retryOnMount?: boolean } = {}) {
  return useQuery({ ...restaurantsQueryOptions(), ...options });
}
