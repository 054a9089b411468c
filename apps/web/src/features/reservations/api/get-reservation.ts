import { type Reservation, reservationTokenHeader } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

/** One booking, shown to whoever holds the token from its confirmation mail. */
export function getReservation(reference: string, token: string): Promise<Reservation> {
  return api(`/v2/reservations/${encodeURIComponent(reference)}`, {
    query: { tenant_id: runtimeConfig.tenantId },
    headers: { [reservationTokenHeader]: token },
  });
}

export const reservationQueryOptions = (reference: string, token: string) =>
  queryOptions({
    queryKey: ['reservations', 'one', runtimeConfig.tenantId, reference, token],
    queryFn: () => getReservation(reference, token),
  });

export function useReservation(reference: string, token: string) {
  return useQuery(reservationQueryOptions(reference, token));
}
