import { type GiftCardPurchase, giftCardTokenHeader } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';
import { tenantId } from './support/auth.js';
import {
  type FakeStripe,
  payThroughStripe,
  postStripeWebhook,
  startFakeStripe,
  stripeEvent,
  stripeSignature,
} from './support/fake-stripe.js';
import { buyGiftCard, giftCardCodePattern, mailsTo as mailsOf } from './support/gift-cards.js';
import { type Caller, call, userWithRole } from './support/orders.js';

/**
 * A gift card bought with Stripe: the real adapter against a local fake of Stripe's API; the
 * browser's confirm is the fake's confirm call; webhooks are signed offline. The buyer may close
 * the tab after paying, so Stripe's webhook alone must activate the card and mail its code.
 */
let ctx: TestContext;
let stripe: FakeStripe;
let manager: Caller;
const webhookSecret = 'whsec_gift_cards_endpoint';

beforeAll(async () => {
  stripe = await startFakeStripe();
  ctx = await createTestApp();
  await payThroughStripe(ctx.db, stripe, { webhookSecret });
  manager = await userWithRole(ctx, 'manager');
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

const buy = () => buyGiftCard(ctx, 7500);

const postWebhook = (body: string, signature: string) => postStripeWebhook(ctx.app, body, signature);

const signed = (type: string, object: object) => {
  const body = JSON.stringify(stripeEvent(type, object));
  return postWebhook(body, stripeSignature(body, webhookSecret));
};

const cardRow = (id: number) =>
  ctx.db.selectFrom('gift_cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const mailsTo = (to: string) => mailsOf(ctx.db, to);
const ledgerKinds = async (id: number) =>
  (
    await ctx.db
      .selectFrom('gift_card_ledger')
      .select(['kind', 'amount'])
      .where('gift_card_id', '=', id)
      .orderBy('id')
      .execute()
  ).map((e) => `${e.kind} ${e.amount}`);

describe('gift cards paid with Stripe', () => {
  it('starts a Payment Intent for the card with Stripe Elements’ client secret and publishable key', async () => {
    const { purchase, paymentId } = await buy();
    expect(purchase.payment).toMatchObject({
      provider: 'stripe',
      status: 'requires_payment_method',
      amount: 7500,
      currency: 'AUD',
      publishable_key: stripe.publishableKey,
    });
    const intent = stripe.intents.get(paymentId);
    expect(purchase.payment?.client_secret).toBe(intent?.client_secret);
    expect(intent?.metadata).toMatchObject({
      gift_card_id: String(purchase.gift_card.id),
      tenant_id: String(tenantId),
    });
  });

  it('a signed payment_intent.succeeded activates the card and mails its code once, even replayed', async () => {
    const { purchase, recipient, paymentId } = await buy();
    expect((await stripe.confirm(paymentId, 'pm_card_visa')).status).toBe(200);
    const body = JSON.stringify(stripeEvent('payment_intent.succeeded', stripe.intents.get(paymentId) as object));

    const forged = await postWebhook(body, stripeSignature(body, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect((await cardRow(purchase.gift_card.id)).status).toBe('pending_payment');

    const first = await postWebhook(body, stripeSignature(body, webhookSecret));
    expect(first.json().data).toEqual({ received: true, applied: true });
    expect(await cardRow(purchase.gift_card.id)).toMatchObject({ status: 'active', balance: 7500 });
    const replay = await postWebhook(body, stripeSignature(body, webhookSecret));
    expect(replay.json().data).toEqual({ received: true, applied: false });
    // A second event id for the same payment (Stripe retries with new events too) changes nothing.
    await signed('payment_intent.succeeded', stripe.intents.get(paymentId) as object);

    const mails = await mailsTo(recipient);
    expect(mails).toHaveLength(1);
    const code = (mails[0]?.body_text.match(giftCardCodePattern) ?? [])[0] as string;
    expect(code.slice(-4)).toBe((await cardRow(purchase.gift_card.id)).last4);
    expect(await ledgerKinds(purchase.gift_card.id)).toEqual(['issue 7500']);
  });

  it('an event whose payment did not succeed at Stripe activates nothing (Stripe’s view decides)', async () => {
    const { purchase, recipient, paymentId } = await buy();
    // Forged content under a valid signature still cannot lie: the adapter reads the intent from Stripe.
    const res = await signed('payment_intent.succeeded', {
      ...(stripe.intents.get(paymentId) as object),
      status: 'succeeded',
    });
    expect(res.statusCode).toBe(200);
    expect((await cardRow(purchase.gift_card.id)).status).toBe('pending_payment');

    expect((await stripe.confirm(paymentId, 'pm_card_chargeDeclined')).status).toBe(402);
    await signed('payment_intent.payment_failed', stripe.intents.get(paymentId) as object);
    expect((await cardRow(purchase.gift_card.id)).status).toBe('pending_payment');
    expect(await mailsTo(recipient)).toHaveLength(0);
  });

  it('the buyer’s confirm after Stripe.js asks Stripe, and a refund made at Stripe voids what is left', async () => {
    const { purchase, token, paymentId } = await buy();
    const confirm = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v2/gift-cards/${purchase.gift_card.id}/confirm`,
        headers: { [giftCardTokenHeader]: token },
        payload: { tenant_id: tenantId },
      });
    expect(((await confirm()).json().data as GiftCardPurchase).gift_card.status).toBe('pending_payment');
    expect((await stripe.confirm(paymentId, 'pm_card_visa')).status).toBe(200);
    const paid = (await confirm()).json().data as GiftCardPurchase;
    expect(paid.gift_card).toMatchObject({ status: 'active', balance: 7500 });

    const intent = stripe.intents.get(paymentId) as { latest_charge: string };
    const refunded = await signed('charge.refunded', {
      id: intent.latest_charge,
      object: 'charge',
      payment_intent: paymentId,
      refunded: true,
    });
    expect(refunded.json().data).toEqual({ received: true, applied: true });
    expect(await cardRow(purchase.gift_card.id)).toMatchObject({ status: 'void', balance: 0 });
    expect(await ledgerKinds(purchase.gift_card.id)).toEqual(['issue 7500', 'void -7500']);
  });
});

describe('refunding a Stripe purchase from the back office', () => {
  /** A purchase paid at Stripe and confirmed by the buyer's page: active with its code mailed. */
  async function paidCard() {
    const { purchase, purchaser, token, recipient, paymentId } = await buy();
    expect((await stripe.confirm(paymentId, 'pm_card_visa')).status).toBe(200);
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/gift-cards/${purchase.gift_card.id}/confirm`,
      headers: { [giftCardTokenHeader]: token },
      payload: { tenant_id: tenantId },
    });
    expect(confirmed.json().data.gift_card).toMatchObject({ status: 'active', balance: 7500 });
    const code = (await mailsTo(recipient))[0]?.body_text.match(giftCardCodePattern)?.[0] as string;
    return { id: purchase.gift_card.id, purchaser, paymentId, code };
  }
  const refund = (id: number) =>
    call(ctx, 'POST', `/v2/admin/gift-cards/${id}/refund`, manager.token, { reason: 'Changed their mind' });
  const refundCalls = (paymentId: string) =>
    stripe.requests.filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === paymentId);

  it('reaches Stripe once with the card’s idempotency key; Stripe’s charge.refunded for it then changes nothing', async () => {
    const card = await paidCard();
    const res = await refund(card.id);
    expect(res.statusCode, res.body).toBe(200);
    const [sent] = refundCalls(card.paymentId);
    expect(refundCalls(card.paymentId)).toHaveLength(1);
    expect(sent?.headers['idempotency-key']).toBe(`refund-gift-card-${tenantId}-${card.id}`);
    expect(sent?.body).toEqual({ payment_intent: card.paymentId, amount: '7500' });
    expect(res.json().data).toMatchObject({ status: 'void', balance: 0, refunded_amount: 7500 });
    expect(res.json().data.refund_id).toMatch(/^re_/);

    const intent = stripe.intents.get(card.paymentId) as { latest_charge: string };
    const charge = { id: intent.latest_charge, object: 'charge', payment_intent: card.paymentId, refunded: true };
    expect((await signed('charge.refunded', charge)).json().data).toEqual({ received: true, applied: true });
    expect((await signed('charge.refunded', charge)).statusCode).toBe(200);
    expect(await cardRow(card.id)).toMatchObject({ status: 'void', balance: 0, refunded_amount: 7500 });
    expect(await ledgerKinds(card.id)).toEqual(['issue 7500', 'refund -7500']);
    expect(refundCalls(card.paymentId)).toHaveLength(1);
    expect((await mailsTo(card.purchaser)).map((m) => m.subject)).toEqual([
      'Your Bella Nonna gift card purchase was refunded: $75.00',
    ]);
  });

  it('two clicks at once send one refund to Stripe', async () => {
    const card = await paidCard();
    const answers = await Promise.all([refund(card.id), refund(card.id), refund(card.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(refundCalls(card.paymentId)).toHaveLength(1);
    expect(await ledgerKinds(card.id)).toEqual(['issue 7500', 'refund -7500']);
  });

  it('Stripe refusing (a revoked key) is 503: the card is usable again with its balance; the retry refunds once', async () => {
    const card = await paidCard();
    await payThroughStripe(ctx.db, stripe, { webhookSecret, secretKey: 'sk_test_revoked_key' });
    try {
      const res = await refund(card.id);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('service_unavailable');
      expect(refundCalls(card.paymentId)).toHaveLength(1);
      expect(await cardRow(card.id)).toMatchObject({ status: 'active', balance: 7500, refunded_at: null });
      expect(await ledgerKinds(card.id)).toEqual(['issue 7500', 'refund -7500', 'release 7500']);
      const balance = await call(ctx, 'POST', '/v2/gift-cards/balance', null, { tenant_id: tenantId, code: card.code });
      expect(balance.json().data).toMatchObject({ balance: 7500, status: 'active' });
    } finally {
      await payThroughStripe(ctx.db, stripe, { webhookSecret });
    }
    const retry = await refund(card.id);
    expect(retry.statusCode, retry.body).toBe(200);
    const calls = refundCalls(card.paymentId);
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((c) => c.headers['idempotency-key']))).toEqual(
      new Set([`refund-gift-card-${tenantId}-${card.id}`]),
    );
    expect(await ledgerKinds(card.id)).toEqual(['issue 7500', 'refund -7500', 'release 7500', 'refund -7500']);
    expect(await mailsTo(card.purchaser)).toHaveLength(1);
  });
});
