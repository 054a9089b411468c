import type { CreateInvitationBody, Invitation } from '@orderfront/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/admin/invitations (owner): invitations not accepted yet. */
export function getInvitations(signal?: AbortSignal) {
  return api<Invitation[]>('/v2/admin/invitations', { signal });
}

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'invitations'],
    queryFn: ({ signal }) => getInvitations(signal),
    staleTime: 0,
  });

export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}

/** POST /v2/admin/invitations (owner): mails a one-time link. */
export function createInvitation(body: CreateInvitationBody) {
  return api<Invitation>('/v2/admin/invitations', { method: 'POST', body });
}

export function useCreateInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'invitations'] }),
  });
}

/** POST /v2/admin/invitations/:id/resend (owner): a new link by mail; the old one stops working. */
export function resendInvitation(id: number) {
  return api<Invitation>(`/v2/admin/invitations/${id}/resend`, { method: 'POST' });
}

/** DELETE /v2/admin/invitations/:id (owner): the link stops working. */
export function withdrawInvitation(id: number) {
  return api<{ id: number }>(`/v2/admin/invitations/${id}`, { method: 'DELETE' });
}

export function useResendInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'invitations'] }),
  });
}

export function useWithdrawInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'invitations'] }),
  });
}
