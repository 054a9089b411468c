import type { GiftCardLedgerEntry } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/admin/gift-cards/:id/ledger (staff+): every entry, oldest first. */
export function getGiftCardLedger(id: number, signal?: AbortSignal) {
  return api<GiftCardLedgerEntry[]>(`/v2/admin/gift-cards/${id}/ledger`, { signal });
}

export const giftCardLedgerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'gift-cards', 'ledger', id],
    queryFn: ({ signal }) => getGiftCardLedger(id, signal),
    staleTime: 0,
  });

export function useGiftCardLedger(id: number) {
  return useQuery(giftCardLedgerQueryOptions(id));
}
