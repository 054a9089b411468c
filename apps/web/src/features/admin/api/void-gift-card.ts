import type { AdminGiftCard } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v2/admin/gift-cards/:id/void (manager+). */
export function voidGiftCard(id: number, reason: string) {
  return api<AdminGiftCard>(`/v2/admin/gift-cards/${id}/void`, { method: 'POST', body: { reason } });
}

export function useVoidGiftCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => voidGiftCard(id, reason),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'gift-cards'] }),
  });
}
