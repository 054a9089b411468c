import { type GiftCardPurchase, giftCardTokenHeader } from '@orderfront/core';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

/** After the card form: the server asks the payment provider and activates the card. */
export function confirmGiftCard(id: number, purchaseToken: string): Promise<GiftCardPurchase> {
  return api(`/v2/gift-cards/${id}/confirm`, {
    method: 'POST',
    body: { tenant_id: runtimeConfig.tenantId },
    headers: { [giftCardTokenHeader]: purchaseToken },
  });
}
