import type { Session } from '@orderfront/core';
import { useMutation } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

export interface ResetPasswordInput {
  email: string;
  password: string;
  code?: string;
  reset_token?: string;
}

export function resetPassword(input: ResetPasswordInput) {
  return api<Session>('/v2/auth/reset-password', {
    method: 'POST',
    body: { tenant_id: runtimeConfig.tenantId, ...input },
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
