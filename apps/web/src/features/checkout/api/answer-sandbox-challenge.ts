import type { PaymentSession } from '@orderfront/core';
import { api } from '@/lib/api-client';

/** POST /v2/payments/sandbox/challenge: the 3-D-Secure-style step, approved or failed. */
export function answerSandboxChallenge(paymentId: string, approve: boolean) {
  return api<PaymentSession>('/v2/payments/sandbox/challenge', {
    method: 'POST',
    body: { payment_id: paymentId, approve },
  });
}
