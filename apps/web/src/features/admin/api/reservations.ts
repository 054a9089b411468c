import type { AdminReservation, AdminReservationStatus } from '@storefront/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

interface DayList {
  restaurant_id: number;
  date: string;
  reservations: AdminReservation[];
}

/** GET /v2/admin/reservations: one local day of a restaurant's bookings. */
export function getDayReservations(restaurantId: number, date: string, signal?: AbortSignal) {
  return api<DayList>('/v2/admin/reservations', { query: { restaurant_id: restaurantId, date }, signal });
}

export const dayReservationsQueryOptions = (restaurantId: number, date: string) =>
  queryOptions({
    queryKey: ['admin', 'reservations', restaurantId, date],
    queryFn: ({ signal }) => getDayReservations(restaurantId, date, signal),
    staleTime: 0,
  });

export function useDayReservations(restaurantId: number, date: string) {
  return useQuery(dayReservationsQueryOptions(restaurantId, date));
}

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
