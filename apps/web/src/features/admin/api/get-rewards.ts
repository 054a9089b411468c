import type { AdminRewards } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/admin/rewards (owner): the loyalty rules and gift card options. */
export function getRewards(signal?: AbortSignal) {
  return api<AdminRewards>('/v2/admin/rewards', { signal });
}

export const rewardsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'rewards'], queryFn: ({ signal }) => getRewards(signal), staleTime: 0 });

export function useRewards() {
  return useQuery(rewardsQueryOptions());
}
