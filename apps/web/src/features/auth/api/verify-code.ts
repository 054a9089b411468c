import type { Session } from '@orderfront/core';
import { useMutation } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

export interface VerifyCodeInput {
  email: string;
  purpose: 'signup' | 'login';
  code: string;
}

export function verifyCode(input: VerifyCodeInput) {
  return api<Session>('/v2/auth/verify-code', {
    method: 'POST',
    body: { tenant_id: runtimeConfig.tenantId, ...input },
  });
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
