import type { AdminRewards, AdminRewardsBody } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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
