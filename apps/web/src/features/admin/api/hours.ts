import type { AdminHours, AdminHoursBody } from '@storefront/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/admin/hours (manager+). */
export function getHours(restaurantId: number, signal?: AbortSignal) {
  return api<AdminHours>('/v2/admin/hours', { query: { restaurant_id: restaurantId }, signal });
}

export const hoursQueryOptions = (restaurantId: number) =>
  queryOptions({
    queryKey: ['admin', 'hours', restaurantId],
    queryFn: ({ signal }) => getHours(restaurantId, signal),
    staleTime: 0,
  });

export function useHours(restaurantId: number) {
  return useQuery(hoursQueryOptions(restaurantId));
}

/** PUT /v2/admin/hours: replaces every range of the restaurant. */
export function saveHours(body: AdminHoursBody) {
  return api<AdminHours>('/v2/admin/hours', { method: 'PUT', body });
}

export function useSaveHours(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hours: AdminHoursBody['hours']) => saveHours({ restaurant_id: restaurantId, hours }),
    onSuccess: (data) => client.setQueryData(['admin', 'hours', restaurantId], data),
  });
}
