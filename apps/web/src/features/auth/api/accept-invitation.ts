import type { AcceptInvitationBody, Session } from '@orderfront/core';
import { useMutation } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

/** POST /v2/auth/accept-invitation: uses the invitation once and answers a session. */
export function acceptInvitation(input: Omit<AcceptInvitationBody, 'tenant_id'>) {
  return api<Session>('/v2/auth/accept-invitation', {
    method: 'POST',
    body: { tenant_id: runtimeConfig.tenantId, ...input },
  });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
