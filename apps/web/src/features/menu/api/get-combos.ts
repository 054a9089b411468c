import type { Combos, MenuChannel } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/restaurants/{id}/combos */
export function getCombos(restaurantId: number, channel: MenuChannel, signal?: AbortSignal): Promise<Combos> {
  return api<Combos>(`/v2/restaurants/${restaurantId}/combos`, { query: { channel }, signal });
}

export function combosQueryOptions(restaurantId: number, channel: MenuChannel) {
  return queryOptions({
    queryKey: ['combos', restaurantId, channel],
    queryFn: ({ signal }) => getCombos(restaurantId, channel, signal),
  });
}

export function useCombos(restaurantId: number, channel: MenuChannel) {
  return useQuery(combosQueryOptions(restaurantId, channel));
}
