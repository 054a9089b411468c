import type { PaymentSession } from '@storefront/core';
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

/** POST /v2/payments/:payment_id/refresh: the provider's verified view (after Stripe Elements). */
export function refreshPayment(paymentId: string) {
  return api<PaymentSession>(`/v2/payments/${encodeURIComponent(paymentId)}/refresh`, { method: 'POST' });
}
