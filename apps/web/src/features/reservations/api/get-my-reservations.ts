import type { MyReservations } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

export function getMyReservations(): Promise<MyReservations> {
  return api('/v2/reservations', { query: { tenant_id: runtimeConfig.tenantId } });
}

/** Keyed by user: one customer's list is never shown to the next one on the same browser. */
export const myReservationsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['reservations', 'mine', runtimeConfig.tenantId, userId],
    queryFn: getMyReservations,
    // Cancelling may be allowed one minute and not the next: always ask.
    staleTime: 0,
  });

export function useMyReservations(userId: number) {
  return useQuery(myReservationsQueryOptions(userId));
}
