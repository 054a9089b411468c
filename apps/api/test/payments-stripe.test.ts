import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentWebhookError } from '../src/modules/payments/provider.js';
import {
  assertStripeKeys,
  createStripeProvider,
  StripeApiError,
  StripeConfigError,
  stripeFactory,
  stripeProviderFrom,
} from '../src/modules/payments/stripe.js';
import { stripeConfigProblems } from '../src/modules/payments/stripe-check.js';
import { createTestApp, type TestContext } from './support/app.js';
import { type FakeStripe, startFakeStripe, stripeEvent, stripeSignature } from './support/fake-stripe.js';

const webhookSecret = 'whsec_test_signing_secret';

describe('stripe provider against a fake of Stripe’s API', () => {
  let stripe: FakeStripe;
  let provider: ReturnType<typeof createStripeProvider>;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    provider = createStripeProvider({ secretKey: stripe.secretKey, webhookSecret, mode: 'test', apiBase: stripe.url });
  });
  afterAll(() => stripe.close());

  const order = (overrides: Partial<Parameters<typeof provider.create>[0]> = {}) => ({
    orderId: 42,
    tenantId: 139,
    amountCents: 3150,
    currency: 'AUD',
    description: 'Order 1042 at Bella Nonna',
    idempotencyKey: `order-42-${Math.random().toString(36).slice(2)}`,
    customerEmail: 'ada@example.com',
    ...overrides,
  });

  it('creates a card Payment Intent in cents, lower-case currency, with our ids in metadata', async () => {
    const input = order();
    const payment = await provider.create(input);
    expect(payment).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 3150,
      currency: 'AUD',
      error: null,
      orderId: 42,
    });
    expect(payment.id).toMatch(/^pi_/);
    expect(payment.clientSecret).toMatch(new RegExp(`^${payment.id}_secret_`));

    const request = stripe.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/payment_intents');
    expect(request?.headers.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers['idempotency-key']).toBe(input.idempotencyKey);
    expect(request?.headers['stripe-version']).toBeTruthy();
    expect(request?.body).toEqual({
      amount: '3150',
      currency: 'aud',
      description: 'Order 1042 at Bella Nonna',
      payment_method_types: ['card'],
      metadata: { order_id: '42', tenant_id: '139' },
      receipt_email: 'ada@example.com',
    });
  });

  it('gets the same intent back when a create is retried with the same Idempotency-Key', async () => {
    const input = order();
    const before = stripe.intents.size;
    const first = await provider.create(input);
    const again = await provider.create(input);
    expect(again).toEqual(first);
    expect(stripe.intents.size).toBe(before + 1);
    const created = stripe.requests.filter((r) => r.headers['idempotency-key'] === input.idempotencyKey);
    expect(created).toHaveLength(2);
    // Another order gets another intent.
    const other = await provider.create(order({ orderId: 43 }));
    expect(other.id).not.toBe(first.id);
  });

  it('retrieves an intent and maps each Stripe status to ours', async () => {
    const created = await provider.create(order());
    expect((await provider.retrieve(created.id)).status).toBe('requires_payment_method');

    const intent = stripe.intents.get(created.id);
    if (!intent) throw new Error('intent missing in the fake');
    const cases: [string, string][] = [
      ['requires_confirmation', 'requires_action'],
      ['requires_action', 'requires_action'],
      ['processing', 'processing'],
      ['succeeded', 'succeeded'],
      ['canceled', 'cancelled'],
    ];
    for (const [theirs, ours] of cases) {
      intent.status = theirs;
      expect((await provider.retrieve(created.id)).status).toBe(ours);
    }
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${created.id}` });
  });

  it('reads a declined card from the intent after the browser confirmed it', async () => {
    const created = await provider.create(order());
    const confirm = await stripe.confirm(created.id, 'pm_card_chargeDeclined');
    expect(confirm.status).toBe(402);

    const payment = await provider.retrieve(created.id);
    expect(payment.status).toBe('failed');
    expect(payment.error).toBe('Your card was declined.');
  });

  it('reads a 3-D Secure challenge and a success', async () => {
    const challenged = await provider.create(order());
    await stripe.confirm(challenged.id, 'pm_card_authenticationRequired');
    expect((await provider.retrieve(challenged.id)).status).toBe('requires_action');

    const paid = await provider.create(order());
    await stripe.confirm(paid.id, 'pm_card_visa');
    expect(await provider.retrieve(paid.id)).toMatchObject({ status: 'succeeded', error: null, orderId: 42 });
  });

  it('cancels an unpaid intent, and refuses to cancel a paid one with Stripe’s error', async () => {
    const open = await provider.create(order());
    expect((await provider.cancel(open.id)).status).toBe('cancelled');
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${open.id}/cancel` });

    const paid = await provider.create(order());
    await stripe.confirm(paid.id, 'pm_card_visa');
    const error = await provider.cancel(paid.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StripeApiError);
    expect(error).toMatchObject({ status: 400, code: 'payment_intent_unexpected_state' });
  });

  it('refunds a paid intent once per Idempotency-Key', async () => {
    const paid = await provider.create(order());
    await stripe.confirm(paid.id, 'pm_card_visa');
    const key = `refund-${paid.id}`;
    const first = await provider.refund({ paymentId: paid.id, amountCents: 3150, idempotencyKey: key });
    const again = await provider.refund({ paymentId: paid.id, amountCents: 3150, idempotencyKey: key });
    expect(first.refundId).toMatch(/^re_/);
    expect(again.refundId).toBe(first.refundId);
    const request = stripe.requests.at(-1);
    expect(request).toMatchObject({ path: '/v1/refunds', body: { payment_intent: paid.id, amount: '3150' } });
    expect(request?.headers['idempotency-key']).toBe(key);

    // A new key is a new refund, which Stripe refuses: nothing is left to refund.
    const over = await provider
      .refund({ paymentId: paid.id, amountCents: 100, idempotencyKey: `${key}-2` })
      .catch((e: unknown) => e);
    expect(over).toMatchObject({ status: 400, code: 'amount_too_large' });
  });

  it('turns Stripe’s errors into StripeApiError with a safe customer message', async () => {
    const unpaid = await provider.create(order());
    const notRefundable = await provider
      .refund({ paymentId: unpaid.id, amountCents: 100, idempotencyKey: `refund-${unpaid.id}` })
      .catch((e: unknown) => e);
    expect(notRefundable).toBeInstanceOf(StripeApiError);
    expect(notRefundable).toMatchObject({ status: 400, code: 'charge_not_refundable' });
    expect((notRefundable as StripeApiError).customerMessage).toBe(
      'The payment could not be processed. Please try again.',
    );

    const missing = await provider.retrieve('pi_doesnotexist').catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, code: 'resource_missing' });

    const tooSmall = await provider.create(order({ amountCents: 10 })).catch((e: unknown) => e);
    expect(tooSmall).toMatchObject({ status: 400, code: 'amount_too_small' });

    const wrongKey = createStripeProvider({
      secretKey: 'sk_test_not_the_accounts_key',
      webhookSecret,
      mode: 'test',
      apiBase: stripe.url,
    });
    const unauthorised = await wrongKey.retrieve(unpaid.id).catch((e: unknown) => e);
    expect(unauthorised).toMatchObject({ status: 401, type: 'invalid_request_error' });
  });

  it('reports an unreachable Stripe as a connection error', async () => {
    const offline = createStripeProvider({
      secretKey: stripe.secretKey,
      webhookSecret,
      mode: 'test',
      apiBase: 'http://127.0.0.1:9',
    });
    const error = await offline.retrieve('pi_x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, type: 'api_connection_error' });
  });
});

describe('stripe webhooks (signed payloads built offline)', () => {
  const now = 1_790_000_000;
  const provider = createStripeProvider({
    secretKey: 'sk_test_webhooks',
    webhookSecret,
    mode: 'test',
    now: () => now * 1000,
  });
  const intent = { id: 'pi_123', object: 'payment_intent', status: 'succeeded', metadata: { order_id: '77' } };
  const signed = (event: unknown, options: { secret?: string; timestamp?: number } = {}) => {
    const body = JSON.stringify(event);
    return {
      body: Buffer.from(body),
      headers: { 'stripe-signature': stripeSignature(body, options.secret ?? webhookSecret, options.timestamp ?? now) },
    };
  };

  it('accepts a valid signature and maps the four events we act on', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['payment_intent.succeeded', intent, 'payment_succeeded'],
      ['payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' }, 'payment_failed'],
      ['payment_intent.canceled', { ...intent, status: 'canceled' }, 'payment_cancelled'],
      [
        'charge.refunded',
        { id: 'ch_1', object: 'charge', payment_intent: 'pi_123', metadata: { order_id: '77' } },
        'refunded',
      ],
    ];
    for (const [type, object, ours] of cases) {
      const event = stripeEvent(type, object, { id: `evt_${type}` });
      const { body, headers } = signed(event);
      expect(provider.parseWebhook(body, headers)).toEqual({
        eventId: `evt_${type}`,
        type: ours,
        paymentId: 'pi_123',
        orderId: 77,
      });
    }
  });

  it('accepts a header with several v1 signatures when one of them matches (secret rotation)', () => {
    const event = stripeEvent('payment_intent.succeeded', intent);
    const body = JSON.stringify(event);
    const old = stripeSignature(body, 'whsec_old_secret', now).split(',')[1];
    const current = stripeSignature(body, webhookSecret, now);
    const header = `${current.split(',')[0]},${old},${current.split(',')[1]},v0=deadbeef`;
    expect(provider.parseWebhook(Buffer.from(body), { 'Stripe-Signature': header })?.type).toBe('payment_succeeded');
  });

  it('rejects a tampered body', () => {
    const { body, headers } = signed(stripeEvent('payment_intent.succeeded', intent));
    const tampered = Buffer.from(body.toString().replace('"77"', '"78"'));
    expect(() => provider.parseWebhook(tampered, headers)).toThrow(PaymentWebhookError);
  });

  it('rejects a signature made with another secret', () => {
    const { body, headers } = signed(stripeEvent('payment_intent.succeeded', intent), { secret: 'whsec_attacker' });
    expect(() => provider.parseWebhook(body, headers)).toThrow(PaymentWebhookError);
  });

  it('rejects a timestamp older (or newer) than five minutes, and accepts one just inside', () => {
    const event = stripeEvent('payment_intent.succeeded', intent);
    const old = signed(event, { timestamp: now - 301 });
    expect(() => provider.parseWebhook(old.body, old.headers)).toThrow(/tolerance/);
    const future = signed(event, { timestamp: now + 301 });
    expect(() => provider.parseWebhook(future.body, future.headers)).toThrow(PaymentWebhookError);
    const recent = signed(event, { timestamp: now - 299 });
    expect(provider.parseWebhook(recent.body, recent.headers)?.type).toBe('payment_succeeded');
  });

  it('rejects a missing or malformed header', () => {
    const { body } = signed(stripeEvent('payment_intent.succeeded', intent));
    expect(() => provider.parseWebhook(body, {})).toThrow(PaymentWebhookError);
    expect(() => provider.parseWebhook(body, { 'stripe-signature': 'garbage' })).toThrow(PaymentWebhookError);
    expect(() => provider.parseWebhook(body, { 'stripe-signature': `t=${now},v1=zz` })).toThrow(PaymentWebhookError);
  });

  it('ignores events it does not act on, and events of the other mode', () => {
    const unknown = signed(stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(provider.parseWebhook(unknown.body, unknown.headers)).toBeNull();
    const live = signed(stripeEvent('payment_intent.succeeded', intent, { livemode: true }));
    expect(provider.parseWebhook(live.body, live.headers)).toBeNull();
  });
});

describe('stripe configuration', () => {
  it('refuses a live secret key in test mode and a test key in live mode', () => {
    expect(() => createStripeProvider({ secretKey: 'sk_live_abc', webhookSecret, mode: 'test' })).toThrow(
      StripeConfigError,
    );
    expect(() => createStripeProvider({ secretKey: 'sk_test_abc', webhookSecret, mode: 'live' })).toThrow(
      /test secret key cannot be used in live mode/,
    );
    expect(() => createStripeProvider({ secretKey: 'sk_live_abc', webhookSecret, mode: 'live' })).not.toThrow();
  });

  it('refuses missing keys and a publishable key of the other mode', () => {
    expect(() => assertStripeKeys({ mode: 'test', secretKey: '', webhookSecret })).toThrow(/secret key/);
    expect(() => assertStripeKeys({ mode: 'test', secretKey: 'pk_test_abc', webhookSecret })).toThrow(/sk_test_/);
    expect(() => assertStripeKeys({ mode: 'test', secretKey: 'sk_test_abc', webhookSecret: 'nope' })).toThrow(/whsec_/);
    expect(() =>
      stripeProviderFrom(
        { provider: 'stripe', mode: 'test', publishable_key: 'pk_live_abc' },
        { secret_key: 'sk_test_abc', webhook_secret: webhookSecret },
      ),
    ).toThrow(/live publishable key cannot be used in test mode/);
    expect(
      stripeProviderFrom(
        { provider: 'stripe', mode: 'test', publishable_key: 'pk_test_abc' },
        { secret_key: 'sk_test_abc', webhook_secret: webhookSecret },
      ).name,
    ).toBe('stripe');
  });

  it('makes a misconfigured account a 503 for the registry, not a crash', () => {
    const settings = {
      config: { provider: 'stripe' as const, mode: 'live' as const, publishable_key: 'pk_live_abc' },
      secrets: { secret_key: 'sk_test_abc', webhook_secret: webhookSecret },
    };
    expect(() => stripeFactory(settings)).toThrow(
      expect.objectContaining({ statusCode: 503, code: 'service_unavailable' }),
    );
    expect(stripeFactory({ ...settings, secrets: { ...settings.secrets, secret_key: 'sk_live_abc' } }).name).toBe(
      'stripe',
    );
  });
});

describe('stripe configuration check at startup', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('names every row whose Stripe keys are missing or of the other mode, and passes good ones', async () => {
    expect(await stripeConfigProblems(ctx.db)).toEqual([]);
    const [surryHills, parramatta] = await ctx.db
      .selectFrom('restaurants')
      .select('id')
      .where('tenant_id', '=', 139)
      .orderBy('id')
      .limit(2)
      .execute();
    const row = (restaurantId: number, config: object, secrets: object) => ({
      tenant_id: 139,
      restaurant_id: restaurantId,
      web_config: '{}',
      payment_gateway_config: JSON.stringify(config),
      payment_gateway_secrets: JSON.stringify(secrets),
      is_online_order_enabled: 1,
    });
    await ctx.db
      .insertInto('app_settings')
      .values([
        row(
          surryHills?.id as number,
          { provider: 'stripe', mode: 'test', publishable_key: 'pk_test_ok' },
          { secret_key: 'sk_live_oops', webhook_secret: webhookSecret },
        ),
        row(
          parramatta?.id as number,
          { provider: 'stripe', mode: 'live', publishable_key: 'pk_live_ok' },
          { secret_key: 'sk_live_ok', webhook_secret: webhookSecret },
        ),
      ])
      .execute();
    expect(await stripeConfigProblems(ctx.db)).toEqual([
      {
        tenantId: 139,
        restaurantId: surryHills?.id,
        problem: 'A Stripe live secret key cannot be used in test mode',
      },
    ]);
  });
});
