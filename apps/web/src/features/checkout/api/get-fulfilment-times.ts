import type { FulfilmentTimes } from '@orderfront/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface FulfilmentTimesParams {
  restaurantId: number | null;
  method: 'pickup' | 'delivery';
  date: string | null;
}

/** GET /v2/restaurants/:restaurant_id/fulfilment-times?method=…[&date=…] */
export function getFulfilmentTimes({ restaurantId, method, date }: FulfilmentTimesParams, signal?: AbortSignal) {
  return api<FulfilmentTimes>(`/v2/restaurants/${restaurantId}/fulfilment-times`, {
    query: { method, date: date || undefined },
    signal,
  });
}

export function fulfilmentTimesQueryOptions(params: FulfilmentTimesParams) {
  return queryOptions({
    queryKey: ['fulfilment-times', params.restaurantId, params.method, params.date || null],
    queryFn: ({ signal }) => getFulfilmentTimes(params, signal),
    enabled: params.restaurantId !== null,
    // Slots fill up and pass: a minute old is old enough.
    staleTime: 60_000,
    // The selects stay while another date's or method's times load (they are disabled meanwhile).
    placeholderData: keepPreviousData,
  });
}

export function useFulfilmentTimes(params: FulfilmentTimesParams) {
  return useQuery(fulfilmentTimesQueryOptions(params));
}
