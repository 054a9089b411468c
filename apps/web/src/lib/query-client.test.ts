import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { retryUnlessClientError } from './query-client';

describe('retryUnlessClientError (spec §9 retries, only where a retry can help)', () => {
  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(retryUnlessClientError(0, new ApiError(status, 'bad_request', 'No'))).toBe(false);
    }
  });

  it('retries network failures and 5xx up to three times', () => {
    for (const error of [
      new ApiError(0, 'network_error', 'offline'),
      new ApiError(503, 'internal', 'down'),
      new TypeError('fetch failed'),
    ]) {
      expect([0, 1, 2, 3].map((count) => retryUnlessClientError(count, error))).toEqual([true, true, true, false]);
    }
  });
});
