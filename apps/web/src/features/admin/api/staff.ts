import type { AddStaffBody, StaffMember } from '@storefront/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** PUT /v2/admin/staff/:id/restaurants (owner). */
export function setStaffRestaurants(id: number, restaurantIds: number[]) {
  return api<StaffMember>(`/v2/admin/staff/${id}/restaurants`, {
    method: 'PUT',
    body: { restaurant_ids: restaurantIds },
  });
}

export function useSetStaffRestaurants() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, restaurantIds }: { id: number; restaurantIds: number[] }) =>
      setStaffRestaurants(id, restaurantIds),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}

/** PUT /v2/staff/users/:id/role (owner; the accounts' call): staff, manager, or customer to remove access. */
export function setStaffRole(id: number, role: 'staff' | 'manager' | 'customer') {
  return api<unknown>(`/v2/staff/users/${id}/role`, { method: 'PUT', body: { role } });
}

export function useSetStaffRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: 'staff' | 'manager' | 'customer' }) => setStaffRole(id, role),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}

/** POST /v2/admin/staff (owner): an existing account joins the team. */
export function addStaff(body: AddStaffBody) {
  return api<StaffMember>('/v2/admin/staff', { method: 'POST', body });
}

export function useAddStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addStaff,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}
