import type { Session } from '@orderfront/core';
import { useMutation } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

export interface LoginInput {
  email: string;
  password: string;
}

export function login(input: LoginInput) {
  return api<Session>('/v2/auth/login', { method: 'POST', body: { tenant_id: runtimeConfig.tenantId, ...input } });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
