import type { StaffMember } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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
