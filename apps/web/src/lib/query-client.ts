import { QueryClient } from '@tanstack/react-query';

const minute = 60_000;

/** Spec §9: stale after 5 minutes, kept 5 minutes once unused, 3 retries backing off up to 30 s. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * minute,
        gcTime: 5 * minute,
        retry: 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
    },
  });
}
