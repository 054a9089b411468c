import type { AdminGiftCard, adminIssueGiftCardBodySchema, GiftCardLedgerEntry } from '@storefront/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type GiftCardSearch = { code?: string; last4?: string; email?: string };
export type NewGiftCard = z.input<typeof adminIssueGiftCardBodySchema>;

/** GET /v2/admin/gift-cards (staff+): cards found by code, last four characters or email. */
export function findGiftCards(search: GiftCardSearch, signal?: AbortSignal) {
  return api<AdminGiftCard[]>('/v2/admin/gift-cards', { query: search, signal });
}

export function useGiftCardSearch(search: GiftCardSearch | null) {
  return useQuery({
    queryKey: ['admin', 'gift-cards', search],
    queryFn: ({ signal }) => findGiftCards(search ?? {}, signal),
    enabled: search !== null,
    staleTime: 0,
  });
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

export function useGiftCardMutations() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: ['admin', 'gift-cards'] });
  return {
    issue: useMutation({ mutationFn: issueGiftCard, onSettled }),
    void: useMutation({
      mutationFn: ({ id, reason }: { id: number; reason: string }) => voidGiftCard(id, reason),
      onSettled,
    }),
  };
}
