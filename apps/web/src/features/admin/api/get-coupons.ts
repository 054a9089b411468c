import type { AdminCoupon } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

/** GET /v2/admin/coupons (manager+): the tenant's coupons with their usage. */
export function getCoupons(signal?: AbortSignal) {
  return api<AdminCoupon[]>('/v2/admin/coupons', { query: { tenant_id: runtimeConfig.tenantId }, signal });
}

export const couponsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'coupons'], queryFn: ({ signal }) => getCoupons(signal), staleTime: 0 });

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}
