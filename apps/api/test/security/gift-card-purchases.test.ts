import { randomUUID } from 'node:crypto';
import { giftCardTokenHeader, sandboxTestCards } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { bearer, tenantId } from '../support/auth.js';
import { buyGiftCard, payGiftCard } from '../support/gift-cards.js';
import { userWithRole } from '../support/orders.js';

/** Decision 026: a purchase opens to its purchaser's session or its secret, never to an email. */
describe('gift card purchases are not readable by their id and email', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  }, 180_000);
  afterAll(async () => ctx?.close());

  const read = (id: number, query: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/v2/gift-cards/${id}?tenant_id=${tenantId}${query}`, headers });
  const status = async (id: number) =>
    (await ctx.db.selectFrom('gift_cards').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('answers 404 to anyone with only the id and the buyer’s email, and shows nothing of the purchase', async () => {
    const { purchase, purchaser } = await buyGiftCard(ctx);
    const res = await read(purchase.gift_card.id, `&purchaser_email=${encodeURIComponent(purchaser)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ data: null, error: { code: 'not_found' } });
    expect(res.body).not.toContain('Ada Lovelace');
    expect(res.body).not.toContain(purchase.payment?.payment_id);
  });

  it('opens the purchase with its secret, and 404s a wrong or another purchase’s secret', async () => {
    const mine = await buyGiftCard(ctx);
    const other = await buyGiftCard(ctx);
    expect(mine.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const id = mine.purchase.gift_card.id;
    const ok = await read(id, '', { [giftCardTokenHeader]: mine.token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.gift_card).toMatchObject({ id, recipient_name: 'Ada Lovelace' });
    expect((await read(id, '', { [giftCardTokenHeader]: other.token })).statusCode).toBe(404);
    expect((await read(id, '', { [giftCardTokenHeader]: `${mine.token}x` })).statusCode).toBe(404);
    const wrongEmail = await read(id, '&purchaser_email=someone%40example.com', { [giftCardTokenHeader]: mine.token });
    expect(wrongEmail.statusCode).toBe(404);
  });

  it('refuses to pay or confirm a purchase with only its email (404), and nothing changes', async () => {
    const { purchase, purchaser, paymentId, token } = await buyGiftCard(ctx);
    const id = purchase.gift_card.id;
    const pay = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/gift-cards/${id}/pay/sandbox`,
      payload: {
        tenant_id: tenantId,
        purchaser_email: purchaser,
        payment_id: paymentId,
        card_number: sandboxTestCards.success,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 2,
        cvc: '123',
      },
    });
    expect(pay.statusCode).toBe(404);
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/gift-cards/${id}/confirm`,
      payload: { tenant_id: tenantId, purchaser_email: purchaser },
    });
    expect(confirm.statusCode).toBe(404);
    expect(await status(id)).toBe('pending_payment');
    expect((await payGiftCard(ctx, id, token, paymentId, sandboxTestCards.success)).statusCode).toBe(200);
    expect(await status(id)).toBe('active');
  });

  it('opens a signed-in purchaser’s purchase with their session, never another customer’s', async () => {
    const buyer = await userWithRole(ctx, 'customer');
    const stranger = await userWithRole(ctx, 'customer');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/gift-cards',
      headers: { ...bearer(buyer.token), 'idempotency-key': `gift_${randomUUID()}` },
      payload: {
        tenant_id: tenantId,
        amount: 5000,
        recipient_name: 'Ada Lovelace',
        recipient_email: 'ada@example.com',
        sender_name: 'Charles',
        purchaser_email: 'charles@example.com',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.gift_card.id as number;
    expect((await read(id, '', bearer(buyer.token))).statusCode).toBe(200);
    expect((await read(id, '', bearer(stranger.token))).statusCode).toBe(404);
  });
});
