import type { AdminGiftCard } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v2/admin/gift-cards/:id/refund (manager+): the unspent balance goes back to the buyer. */
export function refundGiftCard(id: number, reason: string) {
  return api<AdminGiftCard>(`/v2/admin/gift-cards/${id}/refund`, { method: 'POST', body: { reason } });
}

export function useRefundGiftCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => refundGiftCard(id, reason),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'gift-cards'] }),
  });
}
