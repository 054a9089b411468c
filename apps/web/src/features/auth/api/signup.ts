import type { CodeSent } from '@orderfront/core';
import { useMutation } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

export interface SignupInput {
  name: string;
  email: string;
  phone_no: string;
  password: string;
}

export function signup(input: SignupInput) {
  return api<CodeSent>('/v2/auth/signup', { method: 'POST', body: { tenant_id: runtimeConfig.tenantId, ...input } });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
