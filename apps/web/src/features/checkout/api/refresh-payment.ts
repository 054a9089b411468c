import type { PaymentSession } from '@orderfront/core';
import { api } from '@/lib/api-client';
import { orderAccessHeaders } from '@/lib/order-access';

/**
 * POST /v2/payments/:payment_id/refresh: the provider's verified view (after Stripe Elements). A
 * guest's order is also reached with its access credential (a header).
 */
export function refreshPayment(paymentId: string, orderId: number) {
  return api<PaymentSession>(`/v2/payments/${encodeURIComponent(paymentId)}/refresh`, {
    method: 'POST',
    headers: orderAccessHeaders(orderId),
  });
}
