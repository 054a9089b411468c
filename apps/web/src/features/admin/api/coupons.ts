import type { AdminCoupon, createCouponBodySchema, UpdateCouponBody } from '@storefront/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

/** What the form sends: the fields the server defaults ("no condition") may be left out. */
export type NewCoupon = Omit<z.input<typeof createCouponBodySchema>, 'tenant_id'>;

/** GET /v2/admin/coupons (manager+): the tenant's coupons with their usage. */
export function getCoupons(signal?: AbortSignal) {
  return api<AdminCoupon[]>('/v2/admin/coupons', { query: { tenant_id: runtimeConfig.tenantId }, signal });
}

export const couponsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'coupons'], queryFn: ({ signal }) => getCoupons(signal), staleTime: 0 });

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}

/** POST /v2/admin/coupons. */
export function createCoupon(body: NewCoupon) {
  return api<AdminCoupon>('/v2/admin/coupons', {
    method: 'POST',
    body: { ...body, tenant_id: runtimeConfig.tenantId },
  });
}

/** PATCH /v2/admin/coupons/:id (is_active: false disables). */
export function updateCoupon(id: number, body: Omit<UpdateCouponBody, 'tenant_id'>) {
  return api<AdminCoupon>(`/v2/admin/coupons/${id}`, {
    method: 'PATCH',
    body: { ...body, tenant_id: runtimeConfig.tenantId },
  });
}

export function useCouponMutations() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: ['admin', 'coupons'] });
  return {
    create: useMutation({ mutationFn: createCoupon, onSettled }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: Omit<UpdateCouponBody, 'tenant_id'> }) => updateCoupon(id, body),
      onSettled,
    }),
  };
}
