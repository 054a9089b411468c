import type { AdminReservation } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
