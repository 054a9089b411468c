import { type GiftCardPurchase, sandboxTestCards } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';
import { tenantId } from './support/auth.js';
import { buyGiftCard, giftCardCodePattern, mailsTo as mailsOf, payGiftCard } from './support/gift-cards.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const pay = (id: number, token: string, paymentId: string, number: string) =>
  payGiftCard(ctx, id, token, paymentId, number);

const mailsTo = (to: string) => mailsOf(ctx.db, to);

describe('buying a gift card through the payments registry', () => {
  it('the sandbox card pays it: the card is active and its code is mailed to the recipient', async () => {
    const { purchase, recipient, token } = await buyGiftCard(ctx);
    expect(purchase.gift_card.status).toBe('pending_payment');
    expect(purchase.payment).toMatchObject({ provider: 'sandbox', amount: 5000, currency: 'AUD' });
    expect(await mailsTo(recipient)).toHaveLength(0);

    const res = await pay(
      purchase.gift_card.id,
      token,
      purchase.payment?.payment_id as string,
      sandboxTestCards.success,
    );
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json().data as GiftCardPurchase;
    expect(paid.gift_card).toMatchObject({ status: 'active', balance: 5000 });

    const mails = await mailsTo(recipient);
    expect(mails).toHaveLength(1);
    const code = (mails[0]?.body_text.match(giftCardCodePattern) ?? [])[0] as string;
    expect(code.slice(-4)).toBe(paid.gift_card.last4);
    const balance = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/gift-cards/balance',
      payload: { tenant_id: tenantId, code },
    });
    expect(balance.json().data).toMatchObject({ balance: 5000, status: 'active' });
  });

  it('a declined card leaves the card unpaid and mails nothing', async () => {
    const { purchase, recipient, token } = await buyGiftCard(ctx);
    const res = await pay(
      purchase.gift_card.id,
      token,
      purchase.payment?.payment_id as string,
      sandboxTestCards.declined,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as GiftCardPurchase;
    expect(data.gift_card.status).toBe('pending_payment');
    expect(data.payment?.error).toBe('Your card was declined.');
    expect(await mailsTo(recipient)).toHaveLength(0);
  });
});
