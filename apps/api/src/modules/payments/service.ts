import type { PaymentSession } from '@orderfront/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { tenantService } from '../tenants/service.js';
import { type PaymentEvent, type PaymentProvider, PaymentWebhookError, type ProviderPayment } from './provider.js';
import type { PaymentRegistry, ProviderName } from './registry.js';

/**
 * A provider's payment as the client's payment session (paymentSessionSchema): orders and gift
 * card purchases answer with this one shape. Only Stripe's client needs the publishable key.
 */
export function toPaymentSession(
  payment: ProviderPayment,
  provider: PaymentProvider['name'],
  publishableKey?: string | null,
): PaymentSession {
  return {
    provider,
    payment_id: payment.id,
    status: payment.status,
    amount: payment.amountCents,
    currency: payment.currency,
    client_secret: payment.clientSecret,
    publishable_key: provider === 'stripe' ? (publishableKey ?? null) : null,
    error: payment.error,
  };
}

/** Provider webhooks: verified over the exact bytes the provider signed, then parsed. */
export function paymentWebhooks(db: Db, registry: PaymentRegistry) {
  const tenants = tenantService(db);

  /** The verified event, or null for events we do not act on; a bad signature is a 400. */
  async function read(
    tenantId: number,
    name: ProviderName,
    body: unknown,
    headers: Record<string, string | string[] | undefined>,
    log: FastifyBaseLogger,
  ): Promise<PaymentEvent | null> {
    if (!(await tenants.byId(tenantId))) throw new AppError('not_found', 'Unknown tenant');
    if (!Buffer.isBuffer(body)) throw new AppError('bad_request', 'Send the event as the request body');
    const { provider } = await registry.named(tenantId, name);
    try {
      return provider.parseWebhook(body, headers);
    } catch (error) {
      if (error instanceof PaymentWebhookError) {
        log.warn({ provider: name, tenantId, reason: error.message }, 'payment webhook refused');
        throw new AppError('bad_request', 'Invalid webhook signature');
      }
      throw error;
    }
  }

  return { read };
}
