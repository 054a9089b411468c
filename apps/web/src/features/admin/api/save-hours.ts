import type { AdminHours, AdminHoursBody } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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
