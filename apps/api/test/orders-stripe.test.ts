import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/app.js';
import {
  type FakeStripe,
  payThroughStripe,
  postStripeWebhook,
  startFakeStripe,
  stripeEvent,
  stripeSignature,
} from './support/fake-stripe.js';
import { call, guestOrder, orderRow, type Shop, startShop, userWithRole } from './support/orders.js';

// Card orders of a tenant that pays through Stripe: our adapter is real, Stripe is a local fake.
let shop: Shop;
let ctx: TestContext;
let stripe: FakeStripe;
const webhookSecret = 'whsec_orders_test_secret';

beforeAll(async () => {
  stripe = await startFakeStripe();
  shop = await startShop();
  ctx = shop.ctx;
  await payThroughStripe(ctx.db, stripe, { webhookSecret });
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

const stripeOrder = () => guestOrder(shop);

describe('card orders through Stripe', () => {
  it('start a Payment Intent for the total; the browser confirms; the refresh call places the order once', async () => {
    const { guest, placed } = await stripeOrder();
    expect(placed.payment).toMatchObject({
      provider: 'stripe',
      status: 'requires_payment_method',
      amount: placed.order.totals.total,
      publishable_key: stripe.publishableKey,
      client_secret: expect.stringContaining('_secret_'),
    });
    const paymentId = placed.payment?.payment_id as string;
    expect(stripe.intents.get(paymentId)?.metadata).toMatchObject({ order_id: String(placed.order.id) });

    expect((await stripe.confirm(paymentId, 'pm_card_chargeDeclined')).status).toBe(402);
    const declined = await call(ctx, 'POST', `/v2/payments/${paymentId}/refresh`, guest.token);
    expect(declined.json().data).toMatchObject({ status: 'failed', error: 'Your card was declined.' });
    expect(await orderRow(ctx, placed.order.id)).toMatchObject({ status: 'pending_payment', payment_status: 'failed' });

    expect((await stripe.confirm(paymentId, 'pm_card_visa')).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await call(ctx, 'POST', `/v2/payments/${paymentId}/refresh?token=${placed.access_token}`, null);
      expect(res.json().data.status).toBe('succeeded');
    }
    expect(await orderRow(ctx, placed.order.id)).toMatchObject({ status: 'placed', payment_status: 'paid' });
    const history = await ctx.db
      .selectFrom('order_status_history')
      .select('status')
      .where('order_id', '=', placed.order.id)
      .execute();
    expect(history.map((h) => h.status)).toEqual(['pending_payment', 'placed']);
  });

  it('a signed webhook places the order; a replay or a forged one changes nothing', async () => {
    const { placed } = await stripeOrder();
    const paymentId = placed.payment?.payment_id as string;
    await stripe.confirm(paymentId, 'pm_card_visa');
    const body = JSON.stringify(stripeEvent('payment_intent.succeeded', stripe.intents.get(paymentId) as object));
    const post = (signature: string) => postStripeWebhook(ctx.app, body, signature);
    expect((await post(stripeSignature(body, 'whsec_not_ours'))).statusCode).toBe(400);
    expect((await orderRow(ctx, placed.order.id)).status).toBe('pending_payment');
    const first = await post(stripeSignature(body, webhookSecret));
    expect(first.json().data).toEqual({ received: true, applied: true });
    expect(await orderRow(ctx, placed.order.id)).toMatchObject({ status: 'placed', payment_status: 'paid' });
    expect((await post(stripeSignature(body, webhookSecret))).json().data).toEqual({ received: true, applied: false });
  });

  it('cancelling a paid order refunds it at Stripe exactly once', async () => {
    const { guest, placed } = await stripeOrder();
    const paymentId = placed.payment?.payment_id as string;
    await stripe.confirm(paymentId, 'pm_card_visa');
    await call(ctx, 'POST', `/v2/payments/${paymentId}/refresh`, guest.token);
    const staff = await userWithRole(ctx, 'manager');
    const url = `/v2/admin/orders/${placed.order.id}/status`;
    expect(
      (await call(ctx, 'PATCH', url, staff.token, { status: 'cancelled', reason: 'Closed early' })).statusCode,
    ).toBe(200);
    expect((await call(ctx, 'PATCH', url, staff.token, { status: 'cancelled' })).statusCode).toBe(409);
    const refunds = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.body).toMatchObject({ payment_intent: paymentId, amount: String(placed.order.totals.total) });
    expect(await orderRow(ctx, placed.order.id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
  });
});
