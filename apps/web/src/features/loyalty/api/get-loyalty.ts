import type { LoyaltySummary } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

export function getLoyalty(): Promise<LoyaltySummary> {
  return api('/v2/loyalty', { query: { tenant_id: runtimeConfig.tenantId } });
}

/** Keyed by user: one customer's points are never shown to the next one on the same browser. */
export const loyaltyQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['loyalty', runtimeConfig.tenantId, userId], queryFn: getLoyalty, staleTime: 0 });

export function useLoyalty(userId: number) {
  return useQuery(loyaltyQueryOptions(userId));
}
