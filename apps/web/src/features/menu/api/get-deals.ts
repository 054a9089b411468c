import type { Deals, MenuChannel } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/restaurants/{id}/deals */
export function getDeals(restaurantId: number, channel: MenuChannel, signal?: AbortSignal): Promise<Deals> {
  return api<Deals>(`/v2/restaurants/${restaurantId}/deals`, { query: { channel }, signal });
}

export function dealsQueryOptions(restaurantId: number, channel: MenuChannel) {
  return queryOptions({
    queryKey: ['deals', restaurantId, channel],
    queryFn: ({ signal }) => getDeals(restaurantId, channel, signal),
  });
}

export function useDeals(restaurantId: number, channel: MenuChannel) {
  return useQuery(dealsQueryOptions(restaurantId, channel));
}
