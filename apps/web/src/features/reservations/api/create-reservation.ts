import type { CreateReservationBody, Reservation } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function createReservation(body: CreateReservationBody, idempotencyKey: string): Promise<Reservation> {
  return api('/v2/reservations', { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey } });
}

/** Books a table; the same key on a retry returns the same booking instead of a second one. */
export function useCreateReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateReservationBody; idempotencyKey: string }) =>
      createReservation(body, idempotencyKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['reservations'] }),
  });
}
