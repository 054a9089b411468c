import { type RestaurantEntry, restaurantStatus } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

/** The empty lists failed fetches answered, so a failure is never taken for a refreshed list. */
const failedFetches = new WeakSet<readonly RestaurantEntry[]>();

/** True for the empty list a failed fetch answered (the selection is kept: nothing was refreshed). */
export function isFailedFetch(entries: readonly RestaurantEntry[]): boolean {
  return failedFetches.has(entries);
}

/**
 * Spec §7 `POST /restaurants-with-images`: the configured tenant's active restaurants; on failure
 * the error is logged and the answer is an empty list (spec §8), never an error.
 */
export async function getRestaurants(signal?: AbortSignal): Promise<RestaurantEntry[]> {
  try {
    return await api<RestaurantEntry[]>('/restaurants-with-images', {
      method: 'POST',
      body: { tenant_id: runtimeConfig.tenantId, status: restaurantStatus.active },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error; // cancelled by the query, not a failure
    console.error('Could not load the restaurants', error);
    const none: RestaurantEntry[] = [];
    failedFetches.add(none);
    return none;
  }
}

export function restaurantsQueryOptions() {
  return queryOptions({
    queryKey: ['restaurants', 'with-images', runtimeConfig.tenantId, restaurantStatus.active] as const,
    queryFn: ({ signal }) => getRestaurants(signal),
    // Each answer is kept as sent: sharing would swap a failed fetch's empty list for an earlier one.
    structuralSharing: false,
  });
}

export function useRestaurants() {
  return useQuery(restaurantsQueryOptions());
}
