import type { StaffMember } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /v2/admin/staff/:id (owner): their account stays, as a customer's. */
export function removeStaff(id: number) {
  return api<StaffMember>(`/v2/admin/staff/${id}`, { method: 'DELETE' });
}

export function useRemoveStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeStaff,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}
