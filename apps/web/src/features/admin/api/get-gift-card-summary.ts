import type { AdminGiftCardSummary } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/admin/gift-cards/summary (staff+): liability, active cards, the last 30 days. */
export function getGiftCardSummary(signal?: AbortSignal) {
  return api<AdminGiftCardSummary>('/v2/admin/gift-cards/summary', { signal });
}

export const giftCardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'gift-cards', 'summary'],
    queryFn: ({ signal }) => getGiftCardSummary(signal),
    staleTime: 0,
  });

export function useGiftCardSummary() {
  return useQuery(giftCardSummaryQueryOptions());
}
