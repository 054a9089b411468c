import type { OrderStatusChangeBody, StaffOrder } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH /v2/admin/orders/:id/status: accept with a prep time, reject with a reason, move on. */
export function changeOrderStatus(id: number, body: OrderStatusChangeBody) {
  return api<StaffOrder>(`/v2/admin/orders/${id}/status`, { method: 'PATCH', body });
}

export function useChangeOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: OrderStatusChangeBody }) => changeOrderStatus(id, body),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}
