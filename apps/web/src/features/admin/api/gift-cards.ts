import {
  type AdminGiftCard,
  type AdminGiftCardSummary,
  adminGiftCardPageSize,
  type adminIssueGiftCardBodySchema,
  type GiftCardLedgerEntry,
} from '@storefront/core';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type GiftCardSearch = { code?: string; last4?: string; email?: string };
export type NewGiftCard = z.input<typeof adminIssueGiftCardBodySchema>;

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

/** GET /v2/admin/gift-cards/summary (staff+): liability, active cards, the last 30 days. */
export const giftCardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'gift-cards', 'summary'],
    queryFn: ({ signal }) => api<AdminGiftCardSummary>('/v2/admin/gift-cards/summary', { signal }),
    staleTime: 0,
  });

export function useGiftCardSummary() {
  return useQuery(giftCardSummaryQueryOptions());
}

/** GET /v2/admin/gift-cards/:id/ledger (staff+): every entry, oldest first. */
export const giftCardLedgerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'gift-cards', 'ledger', id],
    queryFn: ({ signal }) => api<GiftCardLedgerEntry[]>(`/v2/admin/gift-cards/${id}/ledger`, { signal }),
    staleTime: 0,
  });

export function useGiftCardLedger(id: number) {
  return useQuery(giftCardLedgerQueryOptions(id));
}

/** POST /v2/admin/gift-cards (manager+): the only answer that carries the code. */
export function issueGiftCard(body: NewGiftCard) {
  return api<{ gift_card: AdminGiftCard; code: string }>('/v2/admin/gift-cards', { method: 'POST', body });
}

/** POST /v2/admin/gift-cards/:id/void (manager+). */
export function voidGiftCard(id: number, reason: string) {
  return api<AdminGiftCard>(`/v2/admin/gift-cards/${id}/void`, { method: 'POST', body: { reason } });
}

/** POST /v2/admin/gift-cards/:id/refund (manager+): the unspent balance goes back to the buyer. */
export function refundGiftCard(id: number, reason: string) {
  return api<AdminGiftCard>(`/v2/admin/gift-cards/${id}/refund`, { method: 'POST', body: { reason } });
}

export function useGiftCardMutations() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: ['admin', 'gift-cards'] });
  return {
    issue: useMutation({ mutationFn: issueGiftCard, onSettled }),
    void: useMutation({
      mutationFn: ({ id, reason }: { id: number; reason: string }) => voidGiftCard(id, reason),
      onSettled,
    }),
    refund: useMutation({
      mutationFn: ({ id, reason }: { id: number; reason: string }) => refundGiftCard(id, reason),
      onSettled,
    }),
  };
}
