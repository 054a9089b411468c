import type { AdminMe } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/admin/me: the signed-in staff member, what the role allows, the restaurants they manage. */
export function getAdminMe(signal?: AbortSignal) {
  return api<AdminMe>('/v2/admin/me', { signal });
}

export const adminMeQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: ['admin', 'me', token], queryFn: ({ signal }) => getAdminMe(signal), staleTime: 60_000 });

export function useAdminMe(token: string | null) {
  return useQuery({ ...adminMeQueryOptions(token), enabled: token !== null });
}
