import type { AdminReservation, AdminReservationStatus } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH /v2/admin/reservations/:id/status. */
export function setReservationStatus(restaurantId: number, id: number, status: AdminReservationStatus) {
  return api<AdminReservation>(`/v2/admin/reservations/${id}/status`, {
    method: 'PATCH',
    body: { restaurant_id: restaurantId, status },
  });
}

export function useSetReservationStatus(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: AdminReservationStatus }) =>
      setReservationStatus(restaurantId, id, status),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'reservations', restaurantId] }),
  });
}
