import type { AdminCustomerPoints } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const customerPointsKey = ['admin', 'loyalty'] as const;

/** GET /v2/admin/loyalty?email= (staff+): the customer with this email, with points and history. */
export function findCustomerPoints(email: string, signal?: AbortSignal) {
  return api<AdminCustomerPoints[]>('/v2/admin/loyalty', { query: { email }, signal });
}

export const customerPointsQueryOptions = (email: string | null) =>
  queryOptions({
    queryKey: [...customerPointsKey, email],
    queryFn: ({ signal }) => findCustomerPoints(email ?? '', signal),
    enabled: email !== null,
    staleTime: 0,
  });

export function useCustomerPoints(email: string | null) {
  return useQuery(customerPointsQueryOptions(email));
}
