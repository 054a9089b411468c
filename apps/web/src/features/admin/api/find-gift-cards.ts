import { type AdminGiftCard, adminGiftCardPageSize } from '@orderfront/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type GiftCardSearch = { code?: string; last4?: string; email?: string };

/**
 * GET /v2/admin/gift-cards (staff+): the newest cards, or those found by code, last four characters
 * or email; `before` the last id shown for the next page.
 */
export function findGiftCards(search: GiftCardSearch, before?: number, signal?: AbortSignal) {
  return api<AdminGiftCard[]>('/v2/admin/gift-cards', { query: { ...search, before }, signal });
}

/** Pages of cards, newest first; null = the most recent cards, no search. */
export const giftCardsQueryOptions = (search: GiftCardSearch | null) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'gift-cards', 'list', search],
    queryFn: ({ pageParam, signal }) => findGiftCards(search ?? {}, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    // A full page may have more behind it; a short one is the end.
    getNextPageParam: (last) => (last.length === adminGiftCardPageSize ? last.at(-1)?.id : undefined),
    staleTime: 0,
  });

export function useGiftCards(search: GiftCardSearch | null) {
  return useInfiniteQuery(giftCardsQueryOptions(search));
}
