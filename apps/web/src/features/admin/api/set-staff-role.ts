import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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
