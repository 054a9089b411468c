import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/errors.js';
import type {
  PaymentEvent,
  PaymentGatewayConfig,
  PaymentGatewaySecrets,
  PaymentProvider,
  ProviderPayment,
} from './provider.js';
import { PaymentWebhookError } from './provider.js';

/**
 * The `stripe` provider (decision 015): Stripe's HTTP API over fetch. The server only creates,
 * reads, cancels and refunds Payment Intents; the card is entered in Stripe Elements in the
 * browser and confirmed there with the intent's client secret, so card data never reaches us.
 */

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  mode: 'test' | 'live';
  /** Tests point this at a local fake of Stripe's API. */
  apiBase?: string;
  /** Webhook timestamp tolerance; Stripe's libraries use 5 minutes. */
  toleranceSeconds?: number;
  /** For tests of the tolerance. */
  now?: () => number;
}

/** A gateway configured wrongly (missing or wrong-mode keys): refused before any payment starts. */
export class StripeConfigError extends Error {}

/** An error answer from Stripe's API, or Stripe unreachable. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string | null,
    message: string,
    /** Safe to show the customer: Stripe's text for card errors, a generic one otherwise. */
    readonly customerMessage: string,
  ) {
    super(message);
    this.name = 'StripeApiError';
  }
}

const defaultApiBase = 'https://api.stripe.com';
/** Pinned so the shapes read below do not change under us when the account's default moves. */
const apiVersion = '2024-06-20';
const genericFailure = 'The payment could not be processed. Please try again.';

type Mode = StripeOptions['mode'];

const keyMode = (key: string, prefixes: string[]): Mode | null => {
  for (const prefix of prefixes) {
    if (key.startsWith(`${prefix}_test_`)) return 'test';
    if (key.startsWith(`${prefix}_live_`)) return 'live';
  }
  return null;
};

/** Throws StripeConfigError unless every key is present and of the configured mode. */
export function assertStripeKeys(input: {
  mode: Mode;
  secretKey?: string | null;
  webhookSecret?: string | null;
  publishableKey?: string | null;
}): void {
  const { mode } = input;
  if (!input.secretKey) throw new StripeConfigError('Stripe needs a secret key');
  const secretMode = keyMode(input.secretKey, ['sk', 'rk']);
  if (!secretMode) throw new StripeConfigError('The Stripe secret key must start with sk_test_ or sk_live_');
  if (secretMode !== mode) {
    throw new StripeConfigError(`A Stripe ${secretMode} secret key cannot be used in ${mode} mode`);
  }
  if (!input.webhookSecret?.startsWith('whsec_')) {
    throw new StripeConfigError('Stripe needs a webhook signing secret (whsec_…)');
  }
  if (input.publishableKey !== undefined) {
    const publishableMode = input.publishableKey ? keyMode(input.publishableKey, ['pk']) : null;
    if (!publishableMode)
      throw new StripeConfigError('The Stripe publishable key must start with pk_test_ or pk_live_');
    if (publishableMode !== mode) {
      throw new StripeConfigError(`A Stripe ${publishableMode} publishable key cannot be used in ${mode} mode`);
    }
  }
}

/** The provider for a tenant's stored gateway settings (the registry's seam); checks every key first. */
export function stripeProviderFrom(config: PaymentGatewayConfig, secrets: PaymentGatewaySecrets): PaymentProvider {
  assertStripeKeys({
    mode: config.mode,
    secretKey: secrets.secret_key,
    webhookSecret: secrets.webhook_secret,
    publishableKey: config.publishable_key ?? null,
  });
  return createStripeProvider({
    secretKey: secrets.secret_key as string,
    webhookSecret: secrets.webhook_secret as string,
    mode: config.mode,
    apiBase: secrets.api_base,
  });
}

/**
 * The payment registry's factory for `stripe`: a misconfigured account (decision 015) makes this
 * tenant's card payments unavailable (503; Stripe retries a webhook later), never a crash.
 */
export function stripeFactory(settings: { config: PaymentGatewayConfig; secrets: PaymentGatewaySecrets }) {
  try {
    return stripeProviderFrom(settings.config, settings.secrets);
  } catch (error) {
    if (error instanceof StripeConfigError) {
      throw new AppError('service_unavailable', 'Card payments are not available at the moment');
    }
    throw error;
  }
}

/** Stripe's form encoding: nested keys as `metadata[order_id]`, arrays as `types[0]`. */
export function formEncode(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) add(`${key}[${index}]`, item);
    } else if (typeof value === 'object') {
      for (const [inner, item] of Object.entries(value)) add(`${key}[${inner}]`, item);
    } else {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
}

interface StripeIntent {
  id: string;
  object: 'payment_intent';
  status: string;
  amount: number;
  currency: string;
  client_secret: string | null;
  metadata?: Record<string, string> | null;
  last_payment_error?: { message?: string | null; code?: string | null } | null;
}

/** Stripe's intent status in our terms (paymentSessionSchema). */
export function mapIntent(intent: StripeIntent): ProviderPayment {
  const error = intent.last_payment_error?.message ?? null;
  return {
    id: intent.id,
    status: mapStatus(intent.status, error !== null),
    amountCents: intent.amount,
    currency: intent.currency.toUpperCase(),
    clientSecret: intent.client_secret ?? null,
    error,
    orderId: orderIdOf(intent.metadata),
  };
}

function mapStatus(status: string, failed: boolean): ProviderPayment['status'] {
  switch (status) {
    // After a decline Stripe returns the intent to requires_payment_method with the error attached.
    case 'requires_payment_method':
      return failed ? 'failed' : 'requires_payment_method';
    case 'requires_confirmation':
    case 'requires_action':
      return 'requires_action';
    case 'processing':
      return 'processing';
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'cancelled';
    default:
      return 'processing';
  }
}

function orderIdOf(metadata: Record<string, string> | null | undefined): number | null {
  const value = Number(metadata?.order_id);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** Node lower-cases header names; callers that build their own record may not. */
const header = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
};

/** Verifies `Stripe-Signature` (t=…,v1=…) over `${t}.${rawBody}`; throws PaymentWebhookError. */
export function verifyStripeSignature(
  rawBody: Buffer,
  signatureHeader: string | undefined,
  secret: string,
  options: { toleranceSeconds?: number; now?: number } = {},
): void {
  if (!signatureHeader) throw new PaymentWebhookError('Missing Stripe-Signature header');
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of signatureHeader.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) {
    throw new PaymentWebhookError('Malformed Stripe-Signature header');
  }
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new PaymentWebhookError('Stripe signature does not match');
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) {
    throw new PaymentWebhookError('Stripe signature timestamp is outside the tolerance');
  }
}

const eventTypes: Record<string, PaymentEvent['type']> = {
  'payment_intent.succeeded': 'payment_succeeded',
  'payment_intent.payment_failed': 'payment_failed',
  'payment_intent.canceled': 'payment_cancelled',
  'charge.refunded': 'refunded',
};

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  assertStripeKeys({ mode: options.mode, secretKey: options.secretKey, webhookSecret: options.webhookSecret });
  const base = (options.apiBase ?? defaultApiBase).replace(/\/+$/, '');

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    params?: Record<string, unknown>,
    idempotencyKey?: string,
  ): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.secretKey}`,
      'stripe-version': apiVersion,
    };
    if (params) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: params ? formEncode(params) : undefined,
        signal: AbortSignal.timeout(20_000),
      });
    } catch (cause) {
      throw new StripeApiError(0, 'api_connection_error', null, `Stripe unreachable: ${String(cause)}`, genericFailure);
    }
    const body = (await response.json().catch(() => null)) as
      | (T & { error?: { type?: string; code?: string; message?: string } })
      | null;
    if (response.ok && body && !body.error) return body;
    const error = body?.error;
    const type = error?.type ?? 'api_error';
    const message = error?.message ?? `Stripe answered ${response.status}`;
    throw new StripeApiError(
      response.status,
      type,
      error?.code ?? null,
      message,
      type === 'card_error' ? message : genericFailure,
    );
  }

  const intentPath = (id: string) => `/v1/payment_intents/${encodeURIComponent(id)}`;

  return {
    name: 'stripe',

    async create(input) {
      const intent = await call<StripeIntent>(
        'POST',
        '/v1/payment_intents',
        {
          amount: input.amountCents,
          currency: input.currency.toLowerCase(),
          description: input.description,
          payment_method_types: ['card'],
          metadata: { order_id: input.orderId, tenant_id: input.tenantId, ...input.metadata },
          receipt_email: input.customerEmail ?? undefined,
        },
        input.idempotencyKey,
      );
      return mapIntent(intent);
    },

    async retrieve(paymentId) {
      return mapIntent(await call<StripeIntent>('GET', intentPath(paymentId)));
    },

    async cancel(paymentId) {
      return mapIntent(await call<StripeIntent>('POST', `${intentPath(paymentId)}/cancel`, {}));
    },

    async refund({ paymentId, amountCents, idempotencyKey }) {
      const refund = await call<{ id: string }>(
        'POST',
        '/v1/refunds',
        { payment_intent: paymentId, amount: amountCents },
        idempotencyKey,
      );
      return { refundId: refund.id };
    },

    parseWebhook(rawBody, headers) {
      verifyStripeSignature(rawBody, header(headers, 'stripe-signature'), options.webhookSecret, {
        toleranceSeconds: options.toleranceSeconds,
        now: options.now ? Math.floor(options.now() / 1000) : undefined,
      });
      let event: { id?: unknown; type?: unknown; livemode?: unknown; data?: { object?: Record<string, unknown> } };
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new PaymentWebhookError('Stripe webhook body is not JSON');
      }
      const type = typeof event.type === 'string' ? eventTypes[event.type] : undefined;
      if (!type || typeof event.id !== 'string') return null;
      // A test event must never move a live order (and the other way round).
      if (event.livemode !== (options.mode === 'live')) return null;
      const object = event.data?.object ?? {};
      const paymentId = object.object === 'charge' ? object.payment_intent : object.id;
      if (typeof paymentId !== 'string') return null;
      return {
        eventId: event.id,
        type,
        paymentId,
        orderId: orderIdOf(object.metadata as Record<string, string> | undefined),
      };
    },
  };
}
