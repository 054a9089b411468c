import type { PlacedOrder } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as giftCards from '../../src/modules/gift-cards/ledger.js';
import type { TestContext } from '../support/app.js';
import { tenantId } from '../support/auth.js';
import {
  type FakeStripe,
  payThroughStripe,
  postStripeWebhook,
  startFakeStripe,
  stripeEvent,
  stripeSignature,
} from '../support/fake-stripe.js';
import { giftCardBalance, issueGiftCard, ledgerSum } from '../support/gift-cards.js';
import { historyOf, newGuest, orderRow, pickupOrder, type Shop, startShop, userWithRole } from '../support/orders.js';

// Decision 025: money moves once however many requests race for it, on both dialects.
let shop: Shop;
let ctx: TestContext;
let stripe: FakeStripe;
const webhookSecret = 'whsec_security_suite';

beforeAll(async () => {
  stripe = await startFakeStripe();
  shop = await startShop();
  ctx = shop.ctx;
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

describe('one gift card redeemed 200 times at once', () => {
  it('never goes below zero and its ledger always sums to its balance', async () => {
    const manager = await userWithRole(ctx, 'manager');
    const card = await issueGiftCard(ctx, manager.token, 10_000);
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        ctx.db.transaction().execute((trx) =>
          giftCards.redeem(trx, {
            tenantId,
            giftCardId: card.gift_card.id,
            orderId: 800_000 + i,
            amount: 700,
            now,
          }),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(14);
    expect(await giftCardBalance(ctx.db, card.gift_card.id)).toBe(200);
    expect(await ledgerSum(ctx.db, card.gift_card.id)).toBe(200);
  });

  it('through checkout too: thirty orders at once take at most the balance', async () => {
    const manager = await userWithRole(ctx, 'manager');
    const card = await issueGiftCard(ctx, manager.token, 2_000);
    const guests = await Promise.all(Array.from({ length: 30 }, () => newGuest(ctx)));
    const answers = await Promise.all(guests.map((guest) => pickupOrder(shop, guest, { gift_card_code: card.code })));
    expect(answers.filter((res) => res.statusCode >= 500)).toEqual([]);
    const taken = answers
      .filter((res) => res.statusCode === 201)
      .reduce((sum, res) => sum + (res.json().data as PlacedOrder).order.totals.gift_card, 0);
    const balance = await giftCardBalance(ctx.db, card.gift_card.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(taken + balance).toBe(2_000);
    expect(await ledgerSum(ctx.db, card.gift_card.id)).toBe(balance);
  }, 60_000);
});

describe('Stripe webhooks', () => {
  it('refuses forged and stale events, and applies one event sent twenty times at once only once', async () => {
    await payThroughStripe(ctx.db, stripe, { mode: 'test', secretKey: stripe.secretKey, webhookSecret });
    const guest = await newGuest(ctx);
    const placed = (await pickupOrder(shop, guest)).json().data as PlacedOrder;
    const paymentId = placed.payment?.payment_id as string;
    expect((await stripe.confirm(paymentId, 'pm_card_visa')).status).toBe(200);
    const body = JSON.stringify(stripeEvent('payment_intent.succeeded', stripe.intents.get(paymentId) as object));
    const post = (signature: string | null, raw = body) => postStripeWebhook(ctx.app, raw, signature);

    const refused = await Promise.all([
      post(null),
      post(stripeSignature(body, 'whsec_forger')),
      post(stripeSignature(body, webhookSecret, Math.floor(Date.now() / 1000) - 600)),
      post(stripeSignature(body, webhookSecret), body.replace(paymentId, 'pi_forged')),
    ]);
    expect(refused.map((res) => res.statusCode)).toEqual([400, 400, 400, 400]);
    expect((await orderRow(ctx, placed.order.id)).status).toBe('pending_payment');

    const answers = await Promise.all(Array.from({ length: 20 }, () => post(stripeSignature(body, webhookSecret))));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((res) => res.json().data.applied)).toHaveLength(1);
    expect(await orderRow(ctx, placed.order.id)).toMatchObject({ status: 'placed', payment_status: 'paid' });
    expect(await historyOf(ctx, placed.order.id)).toEqual(['pending_payment', 'placed']);
  });
});
