import type { Reservation } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

/** Cancels a booking: with the mailed token for a guest, or as its signed-in owner (no token). */
export function cancelReservation(reference: string, token?: string): Promise<Reservation> {
  return api(`/v2/reservations/${encodeURIComponent(reference)}/cancel`, {
    method: 'POST',
    body: { tenant_id: runtimeConfig.tenantId, ...(token ? { token } : {}) },
  });
}

export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reference, token }: { reference: string; token?: string }) => cancelReservation(reference, token),
    onSuccess: (reservation) => {
      queryClient.setQueriesData<Reservation>({ queryKey: ['reservations', 'one'] }, (old) =>
        old?.reference === reservation.reference ? reservation : old,
      );
      return queryClient.invalidateQueries({ queryKey: ['reservations'] });
    },
  });
}
