import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../src/app.js';
import type { Db } from '../../src/db/database.js';
import { tenantId } from './auth.js';

/**
 * A local stand-in for Stripe's HTTP API (unreachable from tests): the Payment Intents and Refunds
 * calls our adapter makes, answered the way Stripe answers them (form-encoded requests, bearer
 * secret key, Idempotency-Key replays, error objects), plus the browser's confirm call with Stripe's
 * documented test payment methods. Every request is recorded.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: Record<string, unknown>;
}

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  description: string | null;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method_types: string[];
  receipt_email: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  cancellation_reason: string | null;
  latest_charge: string | null;
  livemode: boolean;
  created: number;
}

/** Parses Stripe's form encoding (`metadata[order_id]=7`, `types[0]=card`) into nested objects. */
export function parseForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split('[').map((part) => part.replace(/]$/, ''));
    let node = out as Record<string, unknown>;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      if (node[part] === undefined) node[part] = /^\d+$/.test(parts[index + 1] ?? '') ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}

const stripeError = (status: number, error: Record<string, unknown>) => ({ status, body: { error } });

export interface FakeStripe {
  url: string;
  secretKey: string;
  publishableKey: string;
  requests: RecordedRequest[];
  intents: Map<string, Intent>;
  /** What Stripe.js does in the browser: confirm the intent with a test payment method. */
  confirm(
    intentId: string,
    paymentMethod: 'pm_card_visa' | 'pm_card_chargeDeclined' | 'pm_card_authenticationRequired',
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function startFakeStripe(
  options: { secretKey?: string; publishableKey?: string; livemode?: boolean } = {},
): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const publishableKey = options.publishableKey ?? `pk_test_${randomBytes(12).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, Intent>();
  const refunded = new Map<string, number>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

  function confirmIntent(intent: Intent, paymentMethod: string) {
    if (!['requires_payment_method', 'requires_confirmation'].includes(intent.status)) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's status is ${intent.status}.`,
      });
    }
    if (paymentMethod === 'pm_card_chargeDeclined') {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      intent.status = 'requires_payment_method';
      intent.last_payment_error = error;
      return stripeError(402, { ...error, payment_intent: intent });
    }
    intent.last_payment_error = null;
    if (paymentMethod === 'pm_card_authenticationRequired') {
      intent.status = 'requires_action';
      return { status: 200, body: intent };
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = newId('ch');
    return { status: 200, body: intent };
  }

  function route(method: string, path: string, body: Record<string, unknown>, auth: string) {
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)(\/(cancel|confirm))?$/.exec(path);
    // Stripe.js confirms with the publishable key and the intent's client secret.
    if (intentMatch?.[3] === 'confirm' && auth === publishableKey) {
      const intent = intents.get(decodeURIComponent(intentMatch[1] as string));
      if (!intent || body.client_secret !== intent.client_secret) {
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such payment_intent',
        });
      }
      return confirmIntent(intent, String(body.payment_method));
    }
    if (auth !== secretKey) {
      return stripeError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${auth.slice(0, 8)}***`,
      });
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'amount_too_small',
          param: 'amount',
          message: 'Amount must be at least $0.50 aud',
        });
      }
      if (typeof body.currency !== 'string' || body.currency !== body.currency.toLowerCase()) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'parameter_invalid',
          param: 'currency',
          message: 'Invalid currency',
        });
      }
      const id = newId('pi');
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: body.currency,
        description: (body.description as string | undefined) ?? null,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        payment_method_types: (body.payment_method_types as string[] | undefined) ?? ['card'],
        receipt_email: (body.receipt_email as string | undefined) ?? null,
        last_payment_error: null,
        cancellation_reason: null,
        latest_charge: null,
        livemode: options.livemode ?? false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    if (intentMatch) {
      const intent = intents.get(decodeURIComponent(intentMatch[1] as string));
      if (!intent) {
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'intent',
          message: `No such payment_intent: '${intentMatch[1]}'`,
        });
      }
      if (method === 'GET' && !intentMatch[3]) return { status: 200, body: intent };
      if (method === 'POST' && intentMatch[3] === 'confirm') return confirmIntent(intent, String(body.payment_method));
      if (method === 'POST' && intentMatch[3] === 'cancel') {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return stripeError(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          });
        }
        intent.status = 'canceled';
        intent.cancellation_reason = 'requested_by_customer';
        return { status: 200, body: intent };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(body.payment_intent));
      if (!intent) {
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such payment_intent',
        });
      }
      if (intent.status !== 'succeeded') {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'charge_not_refundable',
          message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        });
      }
      const already = refunded.get(intent.id) ?? 0;
      const amount = body.amount === undefined ? intent.amount - already : Number(body.amount);
      if (amount + already > intent.amount) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'amount_too_large',
          message: 'Refund amount is greater than unrefunded amount on charge',
        });
      }
      refunded.set(intent.id, already + amount);
      return {
        status: 200,
        body: { id: newId('re'), object: 'refund', amount, payment_intent: intent.id, status: 'succeeded' },
      };
    }
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const body = parseForm(raw);
      const method = req.method ?? 'GET';
      requests.push({ method, path: url.pathname, headers: req.headers, raw, body });
      const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const key = req.headers['idempotency-key'];
      const send = (status: number, payload: unknown, extra: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...extra });
        res.end(JSON.stringify(payload));
      };
      if (method === 'POST' && typeof key === 'string' && auth === secretKey) {
        // Stripe replays the first answer for a key; the same key with other parameters is an error.
        const fingerprint = createHash('sha256').update(`${url.pathname}\n${raw}`).digest('hex');
        const seen = idempotent.get(key);
        if (seen) {
          if (seen.fingerprint !== fingerprint) {
            return send(400, {
              error: {
                type: 'idempotency_error',
                message:
                  'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              },
            });
          }
          return send(seen.status, seen.body, { 'idempotent-replayed': 'true' });
        }
        const answer = route(method, url.pathname, body, auth);
        const snapshot = JSON.parse(JSON.stringify(answer.body));
        idempotent.set(key, { fingerprint, status: answer.status, body: snapshot });
        return send(answer.status, snapshot);
      }
      const answer = route(method, url.pathname, body, auth);
      send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    secretKey,
    publishableKey,
    requests,
    intents,
    async confirm(intentId, paymentMethod) {
      const intent = intents.get(intentId);
      const res = await fetch(`${url}/v1/payment_intents/${intentId}/confirm`, {
        method: 'POST',
        headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ payment_method: paymentMethod, client_secret: intent?.client_secret ?? '' }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A Stripe event for an intent, as Stripe would post it to our webhook. */
export function stripeEvent(type: string, object: object, options: { id?: string; livemode?: boolean } = {}) {
  return {
    id: options.id ?? `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2024-06-20',
    created: Math.floor(Date.now() / 1000),
    livemode: options.livemode ?? false,
    type,
    data: { object },
  };
}

/** The `Stripe-Signature` header Stripe sends: `t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Makes the demo business take card payments through `stripe` (its tenant-wide gateway settings). */
export async function payThroughStripe(
  db: Db,
  stripe: FakeStripe,
  options: { webhookSecret: string; mode?: 'test' | 'live'; secretKey?: string },
) {
  await db
    .updateTable('app_settings')
    .set({
      payment_gateway_config: JSON.stringify({
        provider: 'stripe',
        mode: options.mode ?? 'test',
        publishable_key: stripe.publishableKey,
      }),
      payment_gateway_secrets: JSON.stringify({
        secret_key: options.secretKey ?? stripe.secretKey,
        webhook_secret: options.webhookSecret,
        api_base: stripe.url,
      }),
    })
    .where('tenant_id', '=', tenantId)
    .where('restaurant_id', 'is', null)
    .execute();
}

/** Posts `body` to the demo business's Stripe webhook endpoint with this signature (none when null). */
export const postStripeWebhook = (app: App, body: string, signature: string | null) =>
  app.inject({
    method: 'POST',
    url: `/api/v2/payments/webhooks/stripe/${tenantId}`,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: body,
  });
