import { type GiftCardPurchase, giftCardTokenHeader } from '@orderfront/core';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

export interface SandboxCard {
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** Test mode: the sandbox provider takes the card; a success activates the card and mails its code. */
export function paySandboxGiftCard(
  id: number,
  purchaseToken: string,
  paymentId: string,
  card: SandboxCard,
): Promise<GiftCardPurchase> {
  return api(`/v2/gift-cards/${id}/pay/sandbox`, {
    method: 'POST',
    body: { tenant_id: runtimeConfig.tenantId, payment_id: paymentId, ...card },
    headers: { [giftCardTokenHeader]: purchaseToken },
  });
}
