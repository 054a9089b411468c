import type { StaffMember } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/admin/staff (owner). */
export function getStaff(signal?: AbortSignal) {
  return api<StaffMember[]>('/v2/admin/staff', { signal });
}

export const staffQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'staff'], queryFn: ({ signal }) => getStaff(signal), staleTime: 0 });

export function useStaff() {
  return useQuery(staffQueryOptions());
}
