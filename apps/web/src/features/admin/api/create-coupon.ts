import type { AdminCoupon, createCouponBodySchema } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

/** What the form sends: the fields the server defaults ("no condition") may be left out. */
export type NewCoupon = Omit<z.input<typeof createCouponBodySchema>, 'tenant_id'>;

/** POST /v2/admin/coupons. */
export function createCoupon(body: NewCoupon) {
  return api<AdminCoupon>('/v2/admin/coupons', {
    method: 'POST',
    body: { ...body, tenant_id: runtimeConfig.tenantId },
  });
}

export function useCreateCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'coupons'] }),
  });
}
