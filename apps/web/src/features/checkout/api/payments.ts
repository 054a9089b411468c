import type { Order, PaymentSession } from '@storefront/core';
import { api } from '@/lib/api-client';

export interface SandboxCard {
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  name?: string;
}

/** POST /v2/payments/sandbox/confirm: pays with a sandbox test card. */
export function confirmSandboxPayment(paymentId: string, card: SandboxCard) {
  return api<PaymentSession>('/v2/payments/sandbox/confirm', {
    method: 'POST',
    body: { payment_id: paymentId, ...card },
  });
}

/** POST /v2/payments/sandbox/challenge: the 3-D-Secure-style step, approved or failed. */
export function answerSandboxChallenge(paymentId: string, approve: boolean) {
  return api<PaymentSession>('/v2/payments/sandbox/challenge', {
    method: 'POST',
    body: { payment_id: paymentId, approve },
  });
}

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

/** GET /v2/orders/:id: the order as it stands once its payment went through. */
export function paidOrder(orderId: number, token?: string | null) {
  return api<Order>(`/v2/orders/${orderId}`, { query: { token: token ?? undefined } });
}
