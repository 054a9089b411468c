import type { Menu, MenuChannel } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/restaurants/{id}/menu: the whole menu for a channel (the server caches it by ETag). */
export function getMenu(restaurantId: number, channel: MenuChannel, signal?: AbortSignal): Promise<Menu> {
  return api<Menu>(`/v2/restaurants/${restaurantId}/menu`, { query: { channel }, signal });
}

export function menuQueryOptions(restaurantId: number, channel: MenuChannel) {
  return queryOptions({
    queryKey: ['menu', restaurantId, channel],
    queryFn: ({ signal }) => getMenu(restaurantId, channel, signal),
  });
}

export function useMenu(restaurantId: number, channel: MenuChannel) {
  return useQuery(menuQueryOptions(restaurantId, channel));
}
