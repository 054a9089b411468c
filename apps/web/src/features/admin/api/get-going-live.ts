import type { GoingLive } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/admin/going-live (staff): what the storefront still lacks before it can take orders. */
export function getGoingLive(signal?: AbortSignal) {
  return api<GoingLive>('/v2/admin/going-live', { signal });
}

export const goingLiveQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'going-live'], queryFn: ({ signal }) => getGoingLive(signal), staleTime: 0 });

export function useGoingLive() {
  return useQuery(goingLiveQueryOptions());
}
