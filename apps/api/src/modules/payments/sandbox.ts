import { createHmac, randomBytes } from 'node:crypto';
import { cardExpiryState, passesLuhn, sandboxTestCards, validCvc } from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../lib/errors.js';
import { safeEqual } from '../auth/crypto.js';
import {
  type CreatePaymentInput,
  type PaymentEvent,
  type PaymentProvider,
  PaymentWebhookError,
  type ProviderPayment,
} from './provider.js';
import { type SandboxRow, sandboxRepository } from './sandbox-repository.js';

/**
 * The built-in test-mode card provider (DESIGN §2). Payments live in our own table; the card
 * form posts to /payments/sandbox/confirm, where the documented test cards decide the outcome
 * the way Stripe's test cards do. Webhooks are signed like Stripe's (`t=…,v1=HMAC-SHA256`) with
 * the tenant's webhook secret, so the webhook path is exercised without any third party.
 */

export const sandboxSignatureHeader = 'sandbox-signature';
/** A webhook older than this (seconds) is refused, so a captured one cannot be replayed later. */
export const sandboxWebhookTolerance = 300;

export const sandboxMessages = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  invalidNumber: 'Your card number is invalid.',
  expired: 'Your card has expired.',
  invalidCvc: "Your card's security code is invalid.",
} as const;

export interface SandboxCard {
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The card form's submit: checks the card and decides the outcome from the test cards. */
  confirm(paymentId: string, card: SandboxCard): Promise<ProviderPayment>;
  /** Completes a 3-D-Secure-style challenge: approve → succeeded, else the payment fails. */
  challenge(paymentId: string, approve: boolean): Promise<ProviderPayment>;
}

/** 400 with the field that is wrong, before the "bank" sees the card (core's card rules, as the form's). */
export function checkCard(card: SandboxCard, now: Date): string {
  const digits = card.card_number.replace(/\s+/g, '');
  if (!/^\d+$/.test(digits) || !passesLuhn(digits)) {
    throw new AppError('bad_request', sandboxMessages.invalidNumber, { card_number: 'Enter a valid card number' });
  }
  if (cardExpiryState({ month: card.exp_month, year: card.exp_year }, now) !== 'ok') {
    throw new AppError('bad_request', sandboxMessages.expired, { exp_month: 'Enter a valid expiry date' });
  }
  if (!validCvc(digits, card.cvc) || card.cvc !== card.cvc.trim()) {
    throw new AppError('bad_request', sandboxMessages.invalidCvc, { cvc: 'Enter a valid security code' });
  }
  return digits;
}

const toPayment = (row: SandboxRow): ProviderPayment => ({
  id: row.id,
  status: row.status,
  amountCents: row.amount_cents,
  currency: row.currency,
  clientSecret: null,
  error: row.error,
  orderId: row.order_id,
});

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/** Signs a sandbox webhook body the way the sandbox sends it (also used by tests). */
export function signSandboxWebhook(secret: string, body: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** A sandbox event as it goes over the wire. */
export interface SandboxWebhookBody {
  id: string;
  type: PaymentEvent['type'];
  data: { payment_id: string; order_id: number | null };
}

export function createSandboxProvider(options: {
  db: Db;
  tenantId: number;
  webhookSecret?: string | null;
  now?: () => Date;
}): SandboxProvider {
  const { db, tenantId } = options;
  const now = options.now ?? (() => new Date());

  const repo = sandboxRepository(db, tenantId);

  async function find(paymentId: string): Promise<SandboxRow> {
    const row = await repo.find(paymentId);
    if (!row) throw new AppError('not_found', 'Payment not found');
    return row;
  }

  /** Moves the payment only from one of `from`, so two confirms never both decide. */
  async function move(
    paymentId: string,
    from: SandboxRow['status'][],
    set: Partial<SandboxRow> & { card_last4?: string },
  ) {
    await repo.move(paymentId, from, { ...set, updated_at: now().toISOString() });
    return toPayment(await find(paymentId));
  }

  return {
    name: 'sandbox',

    async create(input: CreatePaymentInput) {
      const existing = await repo.findByKey(input.idempotencyKey);
      if (existing) return toPayment(existing);
      try {
        const row = await repo.insert({
          id: newId('sbx_pi'),
          order_id: input.orderId,
          amount_cents: input.amountCents,
          currency: input.currency,
          description: input.description,
          status: 'requires_payment_method',
          error: null,
          card_last4: null,
          idempotency_key: input.idempotencyKey,
        });
        return toPayment(row);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const row = await repo.findByKey(input.idempotencyKey);
        if (!row) throw error;
        return toPayment(row);
      }
    },

    retrieve: async (paymentId) => toPayment(await find(paymentId)),

    async cancel(paymentId) {
      return move(paymentId, ['requires_payment_method', 'requires_action'], { status: 'cancelled' });
    },

    async refund({ paymentId, amountCents, idempotencyKey }) {
      const earlier = await repo.refundByKey(idempotencyKey);
      if (earlier) return { refundId: earlier.id };
      return db.transaction().execute(async (trx) => {
        const refunds = sandboxRepository(trx, tenantId);
        const refundId = newId('sbx_re');
        await refunds.insertRefund({
          id: refundId,
          payment_id: paymentId,
          amount_cents: amountCents,
          idempotency_key: idempotencyKey,
          created_at: now().toISOString(),
        });
        if (!(await refunds.addRefunded(paymentId, amountCents, now().toISOString()))) {
          throw new AppError('conflict', 'This payment cannot be refunded by that amount');
        }
        return { refundId };
      });
    },

    async confirm(paymentId, card) {
      const digits = checkCard(card, now());
      const row = await find(paymentId);
      if (row.status === 'succeeded' || row.status === 'requires_action') return toPayment(row);
      if (row.status === 'cancelled') throw new AppError('conflict', 'This payment was cancelled');
      const last4 = digits.slice(-4);
      const open: SandboxRow['status'][] = ['requires_payment_method'];
      switch (digits) {
        case sandboxTestCards.declined:
          return move(paymentId, open, { error: sandboxMessages.declined, card_last4: last4 });
        case sandboxTestCards.insufficientFunds:
          return move(paymentId, open, { error: sandboxMessages.insufficientFunds, card_last4: last4 });
        case sandboxTestCards.challenge:
          return move(paymentId, open, { status: 'requires_action', error: null, card_last4: last4 });
        case sandboxTestCards.success:
          return move(paymentId, open, { status: 'succeeded', error: null, card_last4: last4 });
        default:
          // Test mode: a real card number is declined, as in any payment provider's test mode.
          return move(paymentId, open, { error: sandboxMessages.declined, card_last4: last4 });
      }
    },

    async challenge(paymentId, approve) {
      const row = await find(paymentId);
      if (row.status !== 'requires_action') {
        if (row.status === 'succeeded') return toPayment(row);
        throw new AppError('conflict', 'This payment is not waiting for authentication');
      }
      return approve
        ? move(paymentId, ['requires_action'], { status: 'succeeded', error: null })
        : move(paymentId, ['requires_action'], {
            status: 'requires_payment_method',
            error: sandboxMessages.authenticationFailed,
          });
    },

    parseWebhook(rawBody, headers) {
      const secret = options.webhookSecret;
      if (!secret) throw new PaymentWebhookError('No webhook secret configured');
      const header = headers[sandboxSignatureHeader];
      const value = Array.isArray(header) ? header[0] : header;
      const parts = new Map(
        (value ?? '').split(',').map((part) => {
          const [k = '', v = ''] = part.split('=', 2);
          return [k.trim(), v.trim()] as const;
        }),
      );
      const t = Number(parts.get('t'));
      const v1 = parts.get('v1') ?? '';
      if (!Number.isInteger(t) || !v1) throw new PaymentWebhookError('Missing signature');
      const expected = createHmac('sha256', secret)
        .update(`${t}.${rawBody.toString('utf8')}`)
        .digest('hex');
      if (!safeEqual(expected, v1)) throw new PaymentWebhookError('Bad signature');
      if (Math.abs(now().getTime() / 1000 - t) > sandboxWebhookTolerance) {
        throw new PaymentWebhookError('Signature too old');
      }
      let body: SandboxWebhookBody;
      try {
        body = JSON.parse(rawBody.toString('utf8')) as SandboxWebhookBody;
      } catch {
        throw new PaymentWebhookError('Body is not JSON');
      }
      const types: PaymentEvent['type'][] = ['payment_succeeded', 'payment_failed', 'payment_cancelled', 'refunded'];
      if (typeof body?.id !== 'string' || typeof body.data?.payment_id !== 'string') {
        throw new PaymentWebhookError('Malformed event');
      }
      if (!types.includes(body.type)) return null;
      return {
        eventId: body.id,
        type: body.type,
        paymentId: body.data.payment_id,
        orderId: typeof body.data.order_id === 'number' ? body.data.order_id : null,
      };
    },
  };
}
