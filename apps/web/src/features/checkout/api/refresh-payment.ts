import type { PaymentSession } from '@orderfront/core';
import { api } from '@/lib/api-client';

/**
 * POST /v2/payments/:payment_id/refresh: the provider's verified view (after Stripe Elements). A
 * guest's order is reached with its access token.
 */
export function refreshPayment(paymentId: string, token?: string | null) {
  return api<PaymentSession>(`/v2/payments/${encodeURIComponent(paymentId)}/refresh`, {
    method: 'POST',
    query: { token: token ?? undefined },
  });
}
