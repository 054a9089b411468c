import type { StaffOrder } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/admin/orders/:id: one order (the ticket). */
export function getAdminOrder(id: number, signal?: AbortSignal) {
  return api<StaffOrder>(`/v2/admin/orders/${id}`, { signal });
}

export const adminOrderQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['admin', 'order', id], queryFn: ({ signal }) => getAdminOrder(id, signal) });

export function useAdminOrder(id: number) {
  return useQuery(adminOrderQueryOptions(id));
}
