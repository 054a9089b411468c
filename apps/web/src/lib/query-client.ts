import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const minute = 60_000;

/**
 * Spec §9's 3 retries, for failures that may pass: the network and 5xx. A 4xx answer (a refused
 * coupon, someone else's order) will not change on retry, so its message shows after one round trip.
 */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

/** Spec §9: stale after 5 minutes, kept 5 minutes once unused, retries backing off up to 30 s. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * minute,
        gcTime: 5 * minute,
        retry: retryUnlessClientError,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
    },
  });
}
