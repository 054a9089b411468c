import { type GiftCardPurchase, giftCardTokenHeader } from '@orderfront/core';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

/** Test mode: the challenge card's 3-D-Secure-style step, approved or failed by the buyer. */
export function answerGiftCardChallenge(
  id: number,
  purchaseToken: string,
  paymentId: string,
  approve: boolean,
): Promise<GiftCardPurchase> {
  return api(`/v2/gift-cards/${id}/pay/sandbox/challenge`, {
    method: 'POST',
    body: { tenant_id: runtimeConfig.tenantId, payment_id: paymentId, approve },
    headers: { [giftCardTokenHeader]: purchaseToken },
  });
}
