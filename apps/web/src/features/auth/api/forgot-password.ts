import type { CodeSent } from '@orderfront/core';
import { useMutation } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

export function forgotPassword(email: string) {
  return api<CodeSent>('/v2/auth/forgot-password', {
    method: 'POST',
    body: { tenant_id: runtimeConfig.tenantId, email },
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
