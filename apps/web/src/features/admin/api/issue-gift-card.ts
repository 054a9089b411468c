import type { AdminGiftCard, adminIssueGiftCardBodySchema } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type NewGiftCard = z.input<typeof adminIssueGiftCardBodySchema>;

/** POST /v2/admin/gift-cards (manager+): the only answer that carries the code. */
export function issueGiftCard(body: NewGiftCard) {
  return api<{ gift_card: AdminGiftCard; code: string }>('/v2/admin/gift-cards', { method: 'POST', body });
}

export function useIssueGiftCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: issueGiftCard,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'gift-cards'] }),
  });
}
