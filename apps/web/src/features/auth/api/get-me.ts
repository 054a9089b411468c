import type { User } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';

export function getMe() {
  return api<User>('/v2/auth/me');
}

export const meQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: ['auth', 'me', token], queryFn: getMe, enabled: Boolean(token), retry: false });

export function useMe() {
  const token = useAuthStore((state) => state.token);
  return useQuery(meQueryOptions(token));
}
