import type { AdminCoupon, UpdateCouponBody } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

export type CouponChanges = Omit<UpdateCouponBody, 'tenant_id'>;

/** PATCH /v2/admin/coupons/:id (is_active: false disables). */
export function updateCoupon(id: number, body: CouponChanges) {
  return api<AdminCoupon>(`/v2/admin/coupons/${id}`, {
    method: 'PATCH',
    body: { ...body, tenant_id: runtimeConfig.tenantId },
  });
}

export function useUpdateCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CouponChanges }) => updateCoupon(id, body),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'coupons'] }),
  });
}
