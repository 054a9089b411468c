import { ApiError } from '@/lib/api-client';

/** A 4xx answer will not change on retry; network and server failures may. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}
