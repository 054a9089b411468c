import type { TipSettings } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

/** GET /v2/tips: which methods offer tips and the preset percentages (decision 040). */
export const tipSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['tips', runtimeConfig.tenantId],
    queryFn: ({ signal }) => api<TipSettings>('/v2/tips', { query: { tenant_id: runtimeConfig.tenantId }, signal }),
    staleTime: 5 * 60_000,
  });

export function useTipSettings() {
  return useQuery(tipSettingsQueryOptions());
}
