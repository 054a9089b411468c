import type { OrderingControls } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT /v2/admin/ordering/pause (staff+): minutes 0 resumes. */
export function pauseOrdering(restaurantId: number, minutes: number) {
  return api<OrderingControls>('/v2/admin/ordering/pause', {
    method: 'PUT',
    body: { restaurant_id: restaurantId, minutes },
  });
}

export function usePauseOrdering(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (minutes: number) => pauseOrdering(restaurantId, minutes),
    onSuccess: (data) => client.setQueryData(['admin', 'ordering', restaurantId], data),
  });
}
