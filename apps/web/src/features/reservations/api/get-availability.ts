import type { Availability } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

export interface AvailabilityInput {
  restaurantId: number;
  date: string;
  partySize: number;
}

export function getAvailability({ restaurantId, date, partySize }: AvailabilityInput): Promise<Availability> {
  return api('/v2/reservations/availability', {
    query: { tenant_id: runtimeConfig.tenantId, restaurant_id: restaurantId, date, party_size: partySize },
  });
}

export const availabilityQueryOptions = (input: AvailabilityInput) =>
  queryOptions({
    queryKey: ['reservations', 'availability', runtimeConfig.tenantId, input.restaurantId, input.date, input.partySize],
    queryFn: () => getAvailability(input),
    // Tables go quickly: never offer a time from a stale answer.
    staleTime: 0,
  });

export function useAvailability(input: AvailabilityInput | null) {
  return useQuery({
    ...availabilityQueryOptions(input ?? { restaurantId: 0, date: '', partySize: 0 }),
    enabled: input !== null,
  });
}
