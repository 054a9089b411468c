import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getProviders() {
  return api<{ google_client_id: string | null }>('/v2/auth/providers');
}

export const providersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: getProviders,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export function useProviders() {
  return useQuery(providersQueryOptions);
}
