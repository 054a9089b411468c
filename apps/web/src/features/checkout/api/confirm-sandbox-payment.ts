import type { PaymentSession } from '@orderfront/core';
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
