import type { PlacedOrder } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/app.js';
import { tenantId } from './support/auth.js';
import {
  type FakeStripe,
  payThroughStripe,
  postStripeWebhook,
  startFakeStripe,
  stripeEvent,
  stripeSignature,
} from './support/fake-stripe.js';
import {
  call,
  historyOf,
  newGuest,
  orderRow,
  pickupOrder,
  type Shop,
  startShop,
  userWithRole,
} from './support/orders.js';

/**
 * A card order paid through Stripe, end to end in-process: the real adapter talks to a local fake
 * of Stripe's API; the browser's confirm is the fake's confirm call; webhooks are signed offline.
 */
let shop: Shop;
let ctx: TestContext;
let stripe: FakeStripe;
const webhookSecret = 'whsec_bellanonna_endpoint';

const useStripe = (mode: 'test' | 'live', secretKey: string) =>
  payThroughStripe(ctx.db, stripe, { mode, secretKey, webhookSecret });

beforeAll(async () => {
  stripe = await startFakeStripe();
  shop = await startShop();
  ctx = shop.ctx;
  await useStripe('test', stripe.secretKey);
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

async function cardOrder() {
  const guest = await newGuest(ctx);
  return { guest, res: await pickupOrder(shop, guest) };
}

const postWebhook = (body: string, signature: string | null) => postStripeWebhook(ctx.app, body, signature);

describe('card orders paid with Stripe', () => {
  it('starts a Payment Intent for the amount due, with Stripe Elements’ client secret and publishable key', async () => {
    const { res } = await cardOrder();
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().data as PlacedOrder;
    expect(placed.order.status).toBe('pending_payment');
    expect(placed.payment).toMatchObject({
      provider: 'stripe',
      status: 'requires_payment_method',
      amount: placed.order.totals.amount_due,
      currency: placed.order.currency,
      publishable_key: stripe.publishableKey,
      error: null,
    });
    const intent = stripe.intents.get(placed.payment?.payment_id as string);
    expect(placed.payment?.client_secret).toBe(intent?.client_secret);
    expect(intent?.metadata).toEqual({ order_id: String(placed.order.id), tenant_id: String(tenantId) });
    const create = stripe.requests.find((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(create?.headers['idempotency-key']).toBeTruthy();
    // Nothing the browser sent about a card reached Stripe through us.
    expect(JSON.stringify(stripe.requests.map((r) => r.body))).not.toMatch(/card_number|cvc/);
  });

  it('a signed payment_intent.succeeded places the order once; forged or replayed events change nothing', async () => {
    const { res } = await cardOrder();
    const placed = res.json().data as PlacedOrder;
    const paymentId = placed.payment?.payment_id as string;
    // The customer confirmed in Stripe Elements, then closed the tab: only the webhook tells us.
    expect((await stripe.confirm(paymentId, 'pm_card_visa')).status).toBe(200);
    const body = JSON.stringify(stripeEvent('payment_intent.succeeded', stripe.intents.get(paymentId) as object));

    for (const signature of [
      null,
      stripeSignature(body, 'whsec_someone_else'),
      stripeSignature(body, webhookSecret, Math.floor(Date.now() / 1000) - 600),
    ]) {
      expect((await postWebhook(body, signature)).statusCode).toBe(400);
    }
    const tampered = body.replace(paymentId, 'pi_other');
    expect((await postWebhook(tampered, stripeSignature(body, webhookSecret))).statusCode).toBe(400);
    expect((await orderRow(ctx, placed.order.id)).status).toBe('pending_payment');

    const first = await postWebhook(body, stripeSignature(body, webhookSecret));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ received: true, applied: true });
    expect(await orderRow(ctx, placed.order.id)).toMatchObject({ status: 'placed', payment_status: 'paid' });

    const replay = await postWebhook(body, stripeSignature(body, webhookSecret));
    expect(replay.json().data).toEqual({ received: true, applied: false });
    expect(await historyOf(ctx, placed.order.id)).toEqual(['pending_payment', 'placed']);
  });

  it('an event Stripe sends that we do not act on is acknowledged and changes nothing', async () => {
    const body = JSON.stringify(stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }));
    const res = await postWebhook(body, stripeSignature(body, webhookSecret));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ received: true, applied: false });
  });

  it('after a decline the order waits for another card; the refresh call reads each outcome from Stripe', async () => {
    const { guest, res } = await cardOrder();
    const placed = res.json().data as PlacedOrder;
    const paymentId = placed.payment?.payment_id as string;
    const refresh = () => call(ctx, 'POST', `/v2/payments/${paymentId}/refresh`, guest.token);

    expect((await stripe.confirm(paymentId, 'pm_card_chargeDeclined')).status).toBe(402);
    const declined = await refresh();
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data).toMatchObject({ status: 'failed', error: 'Your card was declined.' });
    expect(await orderRow(ctx, placed.order.id)).toMatchObject({ status: 'pending_payment' });

    await stripe.confirm(paymentId, 'pm_card_visa');
    const paid = await refresh();
    expect(paid.json().data).toMatchObject({ provider: 'stripe', status: 'succeeded', error: null });
    expect(await orderRow(ctx, placed.order.id)).toMatchObject({ status: 'placed', payment_status: 'paid' });
    // Asking again, with a guest's access credential instead of a bearer, changes nothing.
    const again = await call(ctx, 'POST', `/v2/payments/${paymentId}/refresh`, null, undefined, {
      'x-order-access': placed.access_token,
    });
    expect(again.json().data.status).toBe('succeeded');
    expect(await historyOf(ctx, placed.order.id)).toEqual(['pending_payment', 'placed']);
  });

  it('cancelling a paid order refunds it at Stripe exactly once', async () => {
    const { guest, res } = await cardOrder();
    const placed = res.json().data as PlacedOrder;
    const paymentId = placed.payment?.payment_id as string;
    await stripe.confirm(paymentId, 'pm_card_visa');
    await call(ctx, 'POST', `/v2/payments/${paymentId}/refresh`, guest.token);
    const staff = await userWithRole(ctx, 'manager');
    const url = `/v2/admin/orders/${placed.order.id}/status`;
    const cancelled = await call(ctx, 'PATCH', url, staff.token, { status: 'cancelled', reason: 'Closed early' });
    expect(cancelled.statusCode).toBe(200);
    expect((await call(ctx, 'PATCH', url, staff.token, { status: 'cancelled' })).statusCode).toBe(409);
    const refunds = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.body).toMatchObject({ payment_intent: paymentId, amount: String(placed.order.totals.total) });
    expect(await orderRow(ctx, placed.order.id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
  });

  it('refuses card payments with a live secret key in test mode, without calling Stripe', async () => {
    await useStripe('test', 'sk_live_wrongmode');
    try {
      const before = stripe.requests.length;
      const { res } = await cardOrder();
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('service_unavailable');
      expect(stripe.requests.length).toBe(before);
    } finally {
      await useStripe('test', stripe.secretKey);
    }
  });
});
