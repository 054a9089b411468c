import type { AvailabilityBody } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type Target = { kind: 'product' | 'modifier'; id: number };

/** PATCH /v2/admin/products/:id/availability or /v2/admin/modifiers/:id/availability. */
export function setAvailability(target: Target, body: AvailabilityBody) {
  const path = target.kind === 'product' ? 'products' : 'modifiers';
  return api<unknown>(`/v2/admin/${path}/${target.id}/availability`, { method: 'PATCH', body });
}

export function useSetAvailability(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ target, body }: { target: Target; body: Omit<AvailabilityBody, 'restaurant_id'> }) =>
      setAvailability(target, { ...body, restaurant_id: restaurantId } as AvailabilityBody),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'menu', restaurantId] }),
  });
}
