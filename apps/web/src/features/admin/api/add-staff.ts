import type { AddStaffBody, StaffMember } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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
