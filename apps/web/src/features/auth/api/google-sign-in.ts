import type { Session } from '@orderfront/core';
import { useMutation } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

export function googleSignIn(idToken: string) {
  return api<Session>('/v2/auth/google', {
    method: 'POST',
    body: { tenant_id: runtimeConfig.tenantId, id_token: idToken },
  });
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: googleSignIn });
}
