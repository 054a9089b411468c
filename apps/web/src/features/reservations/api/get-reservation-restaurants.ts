import type { ReservationRestaurant } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

export function getReservationRestaurants(): Promise<ReservationRestaurant[]> {
  return api('/v2/reservations/restaurants', { query: { tenant_id: runtimeConfig.tenantId } });
}

export const reservationRestaurantsQueryOptions = () =>
  queryOptions({
    queryKey: ['reservations', 'restaurants', runtimeConfig.tenantId],
    queryFn: getReservationRestaurants,
  });

export function useReservationRestaurants() {
  return useQuery(reservationRestaurantsQueryOptions());
}
