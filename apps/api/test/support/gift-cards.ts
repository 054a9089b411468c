import { randomUUID } from 'node:crypto';
import { type GiftCardPurchase, giftCardTokenHeader, sandboxTestCards } from '@orderfront/core';
import type { Db } from '../../src/db/database.js';
import * as giftCards from '../../src/modules/gift-cards/ledger.js';
import type { TestContext } from './app.js';
import { bearer, tenantId } from './auth.js';
import { addAustralianTenant } from './tenants.js';

export interface IssuedCard {
  code: string;
  gift_card: { id: number; balance: number };
  email: string;
}

/** A manager (or owner) issues a card in person: the only answer that carries the code. */
export async function issueGiftCard(
  ctx: TestContext,
  token: string,
  amount: number,
  email = `friend-${Math.random().toString(36).slice(2)}@example.com`,
): Promise<IssuedCard> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/admin/gift-cards',
    headers: bearer(token),
    payload: { amount, recipient_name: 'Grace Hopper', recipient_email: email, note: 'Test card' },
  });
  if (res.statusCode !== 201) throw new Error(`issue gift card: ${res.statusCode} ${res.body}`);
  return { ...(res.json().data as Omit<IssuedCard, 'email'>), email };
}

export async function giftCardBalance(db: Db, id: number) {
  const row = await db.selectFrom('gift_cards').select('balance').where('id', '=', id).executeTakeFirstOrThrow();
  return row.balance;
}

/** Lets a card's validity run out (on 1 January 2026). */
export async function expireGiftCard(db: Db, id: number) {
  await db.updateTable('gift_cards').set({ expires_at: '2026-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
}

export async function ledgerSum(db: Db, giftCardId: number) {
  const entries = await giftCards.ledgerOf(db, tenantId, giftCardId);
  return entries.reduce((sum, e) => sum + e.amount, 0);
}

export const otherTenantId = 9001;
export const otherTenantCode = 'ABCD-EFGH-JKLM-NPQR';

/** Another business on the same server, with an active $90 card of its own (made once). */
export async function otherBusinessCard(db: Db) {
  const existing = await db.selectFrom('tenants').select('id').where('id', '=', otherTenantId).executeTakeFirst();
  if (!existing) {
    await addAustralianTenant(db, otherTenantId, { name: 'Other Diner', slug: 'other-diner' });
  }
  const hash = giftCards.hashGiftCardCode(otherTenantCode.replaceAll('-', ''));
  const card = await db
    .selectFrom('gift_cards')
    .select('id')
    .where('tenant_id', '=', otherTenantId)
    .where('code_hash', '=', hash)
    .executeTakeFirst();
  if (card) return { id: card.id, code: otherTenantCode };
  const { id } = await db
    .insertInto('gift_cards')
    .values({
      tenant_id: otherTenantId,
      code_hash: hash,
      last4: otherTenantCode.slice(-4),
      initial_amount: 9000,
      currency: 'AUD',
      status: 'pending_payment',
      source: 'staff',
      recipient_name: 'X',
      recipient_email: 'x@example.com',
      sender_name: 'Other',
      purchaser_email: 'x@example.com',
      deliver_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .transaction()
    .execute((trx) => giftCards.activate(trx, { tenantId: otherTenantId, giftCardId: id, now: new Date() }));
  return { id, code: otherTenantCode };
}

/** A customer's points account with every entry of its ledger, oldest first. */
export async function pointsAccount(db: Db, userId: number) {
  const account = await db
    .selectFrom('loyalty_accounts')
    .select(['id', 'balance'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const entries = await db
    .selectFrom('loyalty_ledger')
    .selectAll()
    .where('account_id', '=', account.id)
    .orderBy('id')
    .execute();
  return { ...account, entries };
}

/** A buyer starts a purchase on /gift-cards (nothing paid yet): the card and its payment. */
export async function buyGiftCard(ctx: TestContext, amount = 5000) {
  const recipient = `ada-${randomUUID()}@example.com`;
  const purchaser = `charles-${randomUUID()}@example.com`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/gift-cards',
    headers: { 'idempotency-key': `gift_${randomUUID()}` },
    payload: {
      tenant_id: tenantId,
      amount,
      recipient_name: 'Ada Lovelace',
      recipient_email: recipient,
      sender_name: 'Charles',
      purchaser_email: purchaser,
      message: 'Happy birthday',
    },
  });
  if (res.statusCode !== 201) throw new Error(`buy gift card: ${res.statusCode} ${res.body}`);
  const purchase = res.json().data as GiftCardPurchase;
  const token = purchase.purchase_token as string;
  return { purchase, recipient, purchaser, token, paymentId: purchase.payment?.payment_id as string };
}

/** The buyer pays a purchase with a sandbox test card on the /gift-cards card form (with the purchase's secret). */
export const payGiftCard = (ctx: TestContext, id: number, token: string, paymentId: string, number: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v2/gift-cards/${id}/pay/sandbox`,
    headers: { [giftCardTokenHeader]: token },
    payload: {
      tenant_id: tenantId,
      payment_id: paymentId,
      card_number: number,
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: '123',
    },
  });

/**
 * A purchase on /gift-cards paid with the sandbox's test card: the card's id, the code mailed to its
 * recipient, and who bought it.
 */
export async function soldGiftCard(ctx: TestContext, amount: number) {
  const { purchase, recipient, purchaser, token, paymentId } = await buyGiftCard(ctx, amount);
  const paid = await payGiftCard(ctx, purchase.gift_card.id, token, paymentId, sandboxTestCards.success);
  if (paid.statusCode !== 200) throw new Error(`pay gift card: ${paid.statusCode} ${paid.body}`);
  const [mail] = await mailsTo(ctx.db, recipient);
  const code = mail?.body_text.match(giftCardCodePattern)?.[0];
  if (!code) throw new Error(`no gift card code mailed to ${recipient}`);
  return { id: purchase.gift_card.id, code, purchaser, paymentId };
}

/** The mails kept for `to` (the test app has no SMTP: they stay in the outbox). */
export const mailsTo = (db: Db, to: string) =>
  db.selectFrom('mail_outbox').select(['subject', 'body_text']).where('to_address', '=', to).execute();

/** A gift card code as mailed and shown: four groups of four. */
export const giftCardCodePattern = /[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/;
