import type { CodeSent } from '@orderfront/core';
import { useMutation } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

export function requestLoginCode(email: string) {
  return api<CodeSent>('/v2/auth/login-code', { method: 'POST', body: { tenant_id: runtimeConfig.tenantId, email } });
}

export function useRequestLoginCode() {
  return useMutation({ mutationFn: requestLoginCode });
}
