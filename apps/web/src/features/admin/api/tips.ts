import type { TipSettings } from '@orderfront/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/admin/tips (owner): per method on or off, the preset percentages, custom amounts. */
export const adminTipsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'tips'],
    queryFn: ({ signal }) => api<TipSettings>('/v2/admin/tips', { signal }),
    staleTime: 0,
  });

export function useAdminTips() {
  return useQuery(adminTipsQueryOptions());
}

/** PUT /v2/admin/tips: the settings as a whole; the checkout's copy is refreshed too. */
export function useSaveTips() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TipSettings) => api<TipSettings>('/v2/admin/tips', { method: 'PUT', body }),
    onSuccess: (data) => {
      client.setQueryData(['admin', 'tips'], data);
      void client.invalidateQueries({ queryKey: ['tips'] });
    },
  });
}
