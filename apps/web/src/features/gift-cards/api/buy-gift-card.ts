import type { BuyGiftCardBody, GiftCardPurchase } from '@orderfront/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function buyGiftCard(body: BuyGiftCardBody, idempotencyKey: string): Promise<GiftCardPurchase> {
  return api('/v2/gift-cards', { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey } });
}

/** The same key on a retry returns the same pending card, never a second one. */
export function useBuyGiftCard() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BuyGiftCardBody; idempotencyKey: string }) =>
      buyGiftCard(body, idempotencyKey),
  });
}
