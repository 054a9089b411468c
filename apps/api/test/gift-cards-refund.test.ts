import {
  type AdminGiftCard,
  errorEnvelopeSchema,
  type GiftCardLedgerEntry,
  giftCardNotFoundMessage,
  sandboxTestCards,
} from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ledger from '../src/modules/gift-cards/ledger.js';
import type { TestContext } from './support/app.js';
import { tenantId } from './support/auth.js';
import {
  buyGiftCard,
  giftCardBalance,
  issueGiftCard,
  ledgerSum,
  mailsTo,
  otherBusinessCard,
  soldGiftCard,
} from './support/gift-cards.js';
import { type Caller, call, confirmSandbox, guestOrder, type Shop, startShop, userWithRole } from './support/orders.js';

/** Refunding a purchased gift card from the back office, with the built-in sandbox provider. */
let shop: Shop;
let ctx: TestContext;
let staff: Caller;
let manager: Caller;
let owner: Caller;

beforeAll(async () => {
  shop = await startShop();
  ctx = shop.ctx;
  staff = await userWithRole(ctx, 'staff');
  manager = await userWithRole(ctx, 'manager');
  owner = await userWithRole(ctx, 'owner');
});
afterAll(async () => ctx?.close());

const refund = (id: number, body: unknown = { reason: 'Customer asked for a refund' }, token = manager.token) =>
  call(ctx, 'POST', `/v2/admin/gift-cards/${id}/refund`, token, body);

const cardRow = (id: number) =>
  ctx.db.selectFrom('gift_cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const kinds = async (id: number) => (await ledger.ledgerOf(ctx.db, tenantId, id)).map((e) => `${e.kind} ${e.amount}`);

const keyOf = (id: number) => `refund-gift-card-${tenantId}-${id}`;

const sandboxRefunds = (paymentId: string) =>
  ctx.db.selectFrom('sandbox_refunds').selectAll().where('payment_id', '=', paymentId).execute();

const checkBalance = (code: string) => call(ctx, 'POST', '/v2/gift-cards/balance', null, { tenant_id: tenantId, code });

/** The card is unchanged: active, its balance, its ledger, no refund at the provider. */
async function untouched(id: number, balance: number, entries: string[], paymentId?: string) {
  expect(await cardRow(id)).toMatchObject({ status: 'active', balance, refunded_at: null, refund_id: null });
  expect(await kinds(id)).toEqual(entries);
  if (paymentId) expect(await sandboxRefunds(paymentId)).toEqual([]);
}

describe('who may refund a gift card', () => {
  it('no token 401, a customer and staff 403, another business’s card and an unknown id 404; nothing changes', async () => {
    const card = await soldGiftCard(ctx, 5000);
    const customer = await userWithRole(ctx, 'customer');
    for (const [token, status, code] of [
      [null, 401, 'unauthorized'],
      [customer.token, 403, 'forbidden'],
      [staff.token, 403, 'forbidden'],
    ] as const) {
      const res = await call(ctx, 'POST', `/v2/admin/gift-cards/${card.id}/refund`, token, { reason: 'x' });
      expect(res.statusCode).toBe(status);
      expect(errorEnvelopeSchema.parse(res.json()).error.code).toBe(code);
    }
    const other = await otherBusinessCard(ctx.db);
    const theirs = await refund(other.id);
    expect(theirs.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(theirs.json()).error.code).toBe('not_found');
    expect(await cardRow(other.id)).toMatchObject({ status: 'active', balance: 9000 });
    expect((await refund(2_000_000_000)).statusCode).toBe(404);
    await untouched(card.id, 5000, ['issue 5000'], card.paymentId);
  });

  it('the body is { reason } (required, at most 300 characters, nothing else): 400 with the field, nothing changes', async () => {
    const card = await soldGiftCard(ctx, 5000);
    for (const [body, field] of [
      [{}, 'reason'],
      [{ reason: '   ' }, 'reason'],
      [{ reason: 'x'.repeat(301) }, 'reason'],
      [{ reason: 42 }, 'reason'],
      [{ reason: 'ok', amount: 100 }, 'amount'],
    ] as const) {
      const res = await refund(card.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const { error } = errorEnvelopeSchema.parse(res.json());
      expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    expect((await refund(card.id, { reason: 'x'.repeat(300) })).statusCode).toBe(200);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/v2/admin/gift-cards/{id}/refund']).toHaveProperty('post');
  });
});

describe('refunding a purchased card', () => {
  it('an untouched $50 card: $50 goes back on its payment once, the card is void and the buyer is told', async () => {
    const card = await soldGiftCard(ctx, 5000);
    const res = await refund(card.id, { reason: '  Bought the wrong amount  ' }, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as AdminGiftCard;
    expect(data).toMatchObject({
      id: card.id,
      status: 'void',
      balance: 0,
      source: 'purchase',
      refunded_amount: 5000,
      void_reason: 'Bought the wrong amount',
    });
    expect(data.refund_id).toMatch(/^sbx_re_/);
    expect(Date.parse(data.refunded_at as string)).toBeGreaterThan(Date.now() - 60_000);

    const refunds = await sandboxRefunds(card.paymentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ id: data.refund_id, amount_cents: 5000, idempotency_key: keyOf(card.id) });
    const payment = await ctx.db
      .selectFrom('sandbox_payments')
      .select('refunded_cents')
      .where('id', '=', card.paymentId)
      .executeTakeFirstOrThrow();
    expect(payment.refunded_cents).toBe(5000);

    expect(await kinds(card.id)).toEqual(['issue 5000', 'refund -5000']);
    expect(await ledgerSum(ctx.db, card.id)).toBe(await giftCardBalance(ctx.db, card.id));
    const [entry] = (await call(ctx, 'GET', `/v2/admin/gift-cards/${card.id}/ledger`, staff.token))
      .json()
      .data.slice(-1) as GiftCardLedgerEntry[];
    expect(entry).toMatchObject({ kind: 'refund', amount: -5000, balance_after: 0, order_id: null });
    expect(entry?.note).toBe('Bought the wrong amount');

    // The recipient's code no longer opens anything.
    const balance = await checkBalance(card.code);
    expect(balance.statusCode).toBe(404);
    expect(balance.json().error.message).toBe(giftCardNotFoundMessage);

    const mails = await mailsTo(ctx.db, card.purchaser);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your Bella Nonna gift card purchase was refunded: $50.00');
    expect(mails[0]?.body_text).toContain('refunded $50.00 of the $50.00 gift card you bought for Ada Lovelace');
    expect(mails[0]?.body_text).toContain('can no longer be used');

    // The staff list shows it as refunded.
    const listed = (await call(ctx, 'GET', `/v2/admin/gift-cards?email=${card.purchaser}`, staff.token)).json()
      .data as AdminGiftCard[];
    expect(listed).toEqual([data]);

    // Again: refunded already, nothing more goes back.
    const again = await refund(card.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This gift card was already refunded.');
    expect(await sandboxRefunds(card.paymentId)).toHaveLength(1);
    expect(await mailsTo(ctx.db, card.purchaser)).toHaveLength(1);
  });

  it('a card partly spent refunds what is left, not what was spent; the order keeps its money', async () => {
    const card = await soldGiftCard(ctx, 5000);
    const { placed } = await guestOrder(shop, { gift_card_code: card.code }, { quantity: 1 });
    const spent = placed.order.totals.gift_card;
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThan(5000);

    const res = await refund(card.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'void', balance: 0, refunded_amount: 5000 - spent });
    expect(await kinds(card.id)).toEqual(['issue 5000', `redeem -${spent}`, `refund -${5000 - spent}`]);
    expect((await sandboxRefunds(card.paymentId)).map((r) => r.amount_cents)).toEqual([5000 - spent]);
    expect(await ledgerSum(ctx.db, card.id)).toBe(0);
  });

  it('nothing to refund: a spent card, an unpaid purchase, a void card: 422 and nothing changes', async () => {
    const spent = await soldGiftCard(ctx, 1000);
    const { guest, placed } = await guestOrder(shop, { gift_card_code: spent.code }, { quantity: 3 });
    expect(placed.order.totals.gift_card).toBe(1000);
    await confirmSandbox(ctx, guest, placed.payment?.payment_id as string, sandboxTestCards.success);
    const empty = await refund(spent.id);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error).toEqual({
      code: 'unprocessable',
      message: 'Nothing is left on this gift card to refund.',
      request_id: expect.any(String),
    });
    await untouched(spent.id, 0, ['issue 1000', 'redeem -1000'], spent.paymentId);

    const { purchase } = await buyGiftCard(ctx, 3000);
    const unpaid = await refund(purchase.gift_card.id);
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().error.message).toBe('This gift card was never paid for, so there is nothing to refund.');
    expect(await cardRow(purchase.gift_card.id)).toMatchObject({ status: 'pending_payment', refunded_at: null });

    const voided = await soldGiftCard(ctx, 2000);
    expect(
      (await call(ctx, 'POST', `/v2/admin/gift-cards/${voided.id}/void`, manager.token, { reason: 'Stolen' }))
        .statusCode,
    ).toBe(200);
    const res = await refund(voided.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('This gift card is void: nothing is left to refund.');
    expect(await kinds(voided.id)).toEqual(['issue 2000', 'void -2000']);
    expect(await sandboxRefunds(voided.paymentId)).toEqual([]);
  });

  it('a staff-issued card is 422 with “void it instead”, and keeps its balance', async () => {
    const issued = await issueGiftCard(ctx, manager.token, 2500);
    const res = await refund(issued.gift_card.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'unprocessable',
      message: 'Only a gift card bought online can be refunded. Void a card issued by staff instead.',
      request_id: expect.any(String),
    });
    await untouched(issued.gift_card.id, 2500, ['issue 2500']);
  });

  it('while an order paid partly with the card waits for its card payment: 409; once it is cancelled, the whole balance goes back', async () => {
    const card = await soldGiftCard(ctx, 1000);
    const { guest, placed } = await guestOrder(shop, { gift_card_code: card.code }, { quantity: 3 });
    expect(placed.order.status).toBe('pending_payment');
    const res = await refund(card.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'An order paid with this gift card is still waiting for its card payment. Try again once it is paid or cancelled.',
    );
    await untouched(card.id, 0, ['issue 1000', 'redeem -1000'], card.paymentId);

    expect((await call(ctx, 'POST', `/v2/orders/${placed.order.id}/cancel`, guest.token)).statusCode).toBe(200);
    const after = await refund(card.id);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data).toMatchObject({ refunded_amount: 1000 });
    expect(await kinds(card.id)).toEqual(['issue 1000', 'redeem -1000', 'release 1000', 'refund -1000']);
  });
});

describe('refunds happen once', () => {
  it('six refund clicks at once: one 200, the rest 409, one refund at the provider, one entry, one mail', async () => {
    const card = await soldGiftCard(ctx, 6000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => refund(card.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(errorEnvelopeSchema.parse(a.json()).error.code).toBe('conflict');
    }
    expect(await sandboxRefunds(card.paymentId)).toHaveLength(1);
    expect(await kinds(card.id)).toEqual(['issue 6000', 'refund -6000']);
    expect(await mailsTo(ctx.db, card.purchaser)).toHaveLength(1);
  });

  it('a refund racing an order for the same card: the card is spent or refunded, never both, and balance = ledger sum', async () => {
    const card = await soldGiftCard(ctx, 1500);
    const [order, refunded] = await Promise.all([
      guestOrder(shop, { gift_card_code: card.code }, { quantity: 1 }).catch((error: Error) => error),
      refund(card.id),
    ]);
    const row = await cardRow(card.id);
    expect(row.balance).toBe(await ledgerSum(ctx.db, card.id));
    const refundedCents = (await sandboxRefunds(card.paymentId)).reduce((sum, r) => sum + r.amount_cents, 0);
    const spent = order instanceof Error ? 0 : order.placed.order.totals.gift_card;
    expect(spent + refundedCents + row.balance).toBe(1500);
    if (refunded.statusCode === 200) expect(row.status).toBe('void');
    else expect(refunded.statusCode).toBe(409);
  });
});

describe('when the provider refuses', () => {
  it('503, and the card is active again with its balance (refund and release in the ledger), usable, and refundable later', async () => {
    const card = await soldGiftCard(ctx, 4000);
    // The payment was already refunded in full outside the app, so the provider refuses another refund.
    await ctx.db
      .updateTable('sandbox_payments')
      .set({ refunded_cents: 4000 })
      .where('id', '=', card.paymentId)
      .execute();
    const res = await refund(card.id);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: 'service_unavailable',
      message: 'The payment provider did not make the refund. The gift card keeps its balance; please try again.',
      request_id: expect.any(String),
    });
    expect(await cardRow(card.id)).toMatchObject({
      status: 'active',
      balance: 4000,
      void_reason: null,
      refunded_amount: null,
      refunded_at: null,
      refund_id: null,
    });
    expect(await kinds(card.id)).toEqual(['issue 4000', 'refund -4000', 'release 4000']);
    const undo = (await ledger.ledgerOf(ctx.db, tenantId, card.id)).at(-1);
    expect(undo).toMatchObject({ note: 'Refund not made by the payment provider', order_id: null });
    expect(await ledgerSum(ctx.db, card.id)).toBe(4000);
    expect(await sandboxRefunds(card.paymentId)).toEqual([]);
    expect(await mailsTo(ctx.db, card.purchaser)).toEqual([]);

    // Usable again: its code opens it and pays an order.
    expect((await checkBalance(card.code)).json().data).toMatchObject({ balance: 4000 });
    const { placed } = await guestOrder(shop, { gift_card_code: card.code }, { quantity: 1 });
    const spent = placed.order.totals.gift_card;
    expect(spent).toBeGreaterThan(0);

    // Once the provider takes it, the same key refunds what is left now.
    await ctx.db.updateTable('sandbox_payments').set({ refunded_cents: 0 }).where('id', '=', card.paymentId).execute();
    const retry = await refund(card.id);
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await sandboxRefunds(card.paymentId)).map((r) => [r.amount_cents, r.idempotency_key])).toEqual([
      [4000 - spent, keyOf(card.id)],
    ]);
    expect(await ledgerSum(ctx.db, card.id)).toBe(0);
  });
});

describe('a refund the process never finished', () => {
  /** As if the process stopped right after the claim: card void, refund entry, provider never asked. */
  async function claimedAndStopped(minutesAgo: number) {
    const card = await soldGiftCard(ctx, 3000);
    const at = new Date(Date.now() - minutesAgo * 60_000);
    const userId = 'user_id' in manager.ids ? manager.ids.user_id : 0;
    await ctx.db.transaction().execute((trx) =>
      ledger.claimRefund(trx, {
        tenantId,
        giftCardId: card.id,
        balance: 3000,
        reason: 'Asked by phone',
        byUserId: userId,
        now: at,
      }),
    );
    return card;
  }

  it('within five minutes it is taken as under way: 409, nothing sent', async () => {
    const card = await claimedAndStopped(1);
    const res = await refund(card.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This gift card is being refunded already.');
    expect(await sandboxRefunds(card.paymentId)).toEqual([]);
  });

  it('later, a manager’s retry sends it under the same key and finishes it, with no second ledger entry', async () => {
    const card = await claimedAndStopped(10);
    const res = await refund(card.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'void', refunded_amount: 3000 });
    expect((await sandboxRefunds(card.paymentId)).map((r) => r.amount_cents)).toEqual([3000]);
    expect(await kinds(card.id)).toEqual(['issue 3000', 'refund -3000']);
  });

  it('a retry the provider refuses leaves the refund pending (the first call may have gone through); the next one finishes it', async () => {
    const card = await claimedAndStopped(10);
    const before = (await cardRow(card.id)).refunded_at;
    await ctx.db
      .updateTable('sandbox_payments')
      .set({ refunded_cents: 3000 })
      .where('id', '=', card.paymentId)
      .execute();
    const res = await refund(card.id);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(
      'The payment provider did not confirm the refund, which stays pending. Please try again.',
    );
    expect(await cardRow(card.id)).toMatchObject({
      status: 'void',
      balance: 0,
      refunded_amount: 3000,
      refunded_at: before,
      refund_id: null,
    });
    expect(await kinds(card.id)).toEqual(['issue 3000', 'refund -3000']);

    await ctx.db.updateTable('sandbox_payments').set({ refunded_cents: 0 }).where('id', '=', card.paymentId).execute();
    const retry = await refund(card.id);
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await sandboxRefunds(card.paymentId)).map((r) => r.amount_cents)).toEqual([3000]);
    expect(await kinds(card.id)).toEqual(['issue 3000', 'refund -3000']);
  });

  it('if the provider had made it before the stop, the retry finds that refund and makes no other', async () => {
    const card = await soldGiftCard(ctx, 3500);
    const first = (await refund(card.id)).json().data as AdminGiftCard;
    // The refund id was never written (the process stopped after the provider answered).
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    await ctx.db
      .updateTable('gift_cards')
      .set({ refund_id: null, refunded_at: old })
      .where('id', '=', card.id)
      .execute();
    const res = await refund(card.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.refund_id).toBe(first.refund_id);
    expect(await sandboxRefunds(card.paymentId)).toHaveLength(1);
    expect(await kinds(card.id)).toEqual(['issue 3500', 'refund -3500']);
  });

  it('after a day (the provider’s keys are gone) it is not sent again: 409 pointing to the provider’s dashboard', async () => {
    const card = await claimedAndStopped(24 * 60);
    const res = await refund(card.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/dashboard/);
    expect(await sandboxRefunds(card.paymentId)).toEqual([]);
  });
});
