import type { InvitationRole, StaffMember } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT /v2/admin/staff/:id/role (owner): staff, manager or owner; the last owner cannot step down. */
export function setStaffRole(id: number, role: InvitationRole) {
  return api<StaffMember>(`/v2/admin/staff/${id}/role`, { method: 'PUT', body: { role } });
}

export function useSetStaffRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: InvitationRole }) => setStaffRole(id, role),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}
