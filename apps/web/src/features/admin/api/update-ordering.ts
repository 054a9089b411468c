import type { OrderingControls, OrderingUpdateBody } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH /v2/admin/ordering (manager+). */
export function updateOrdering(body: OrderingUpdateBody) {
  return api<OrderingControls>('/v2/admin/ordering', { method: 'PATCH', body });
}

export function useUpdateOrdering(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<OrderingUpdateBody, 'restaurant_id'>) =>
      updateOrdering({ ...body, restaurant_id: restaurantId } as OrderingUpdateBody),
    onSuccess: (data) => client.setQueryData(['admin', 'ordering', restaurantId], data),
  });
}
