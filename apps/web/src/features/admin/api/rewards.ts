import type { AdminRewards, AdminRewardsBody } from '@storefront/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** PUT /v2/admin/rewards: both sections as a whole. */
export function saveRewards(body: AdminRewardsBody) {
  return api<AdminRewards>('/v2/admin/rewards', { method: 'PUT', body });
}

export function useSaveRewards() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveRewards,
    onSuccess: (data) => client.setQueryData(['admin', 'rewards'], data),
  });
}
