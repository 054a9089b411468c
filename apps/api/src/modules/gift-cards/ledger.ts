import { createHash } from 'node:crypto';
import { giftCardExpiredMessage, giftCardNotFoundMessage, normaliseGiftCardCode } from '@storefront/core';
import type { Db } from '../../db/database.js';
import type { GiftCardLedgerKind, GiftCardRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/**
 * The gift card ledger: every change of a balance is one appended entry, written in the same
 * transaction as a conditional UPDATE of the card's balance column, so the column always equals
 * the sum of the entries and never goes below zero, on SQLite and PostgreSQL alike (ADR 001).
 * Every function takes the caller's transaction: the order transaction reserves through these.
 */

export const hashGiftCardCode = (normalised: string) => createHash('sha256').update(normalised).digest('hex');

/** The card a code opens, or null: wrong, unknown, unpaid, void and other businesses' codes alike. */
export async function findByCode(db: Db, tenantId: number, code: string): Promise<GiftCardRow | null> {
  const normalised = normaliseGiftCardCode(code);
  if (!normalised) return null;
  const row = await db
    .selectFrom('gift_cards')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('code_hash', '=', hashGiftCardCode(normalised))
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row ?? null;
}

export const isExpired = (card: Pick<GiftCardRow, 'expires_at'>, now: Date) =>
  card.expires_at !== null && Date.parse(card.expires_at) <= now.getTime();

/** A card that can pay right now, else the 422 the customer sees (one message for every wrong code). */
export async function usableCard(db: Db, tenantId: number, code: string, now: Date): Promise<GiftCardRow> {
  const card = await findByCode(db, tenantId, code);
  if (!card) throw new AppError('unprocessable', giftCardNotFoundMessage, { gift_card_code: giftCardNotFoundMessage });
  if (isExpired(card, now)) {
    throw new AppError('unprocessable', giftCardExpiredMessage, { gift_card_code: giftCardExpiredMessage });
  }
  return card;
}

async function append(
  db: Db,
  card: { id: number; tenant_id: number },
  entry: {
    kind: GiftCardLedgerKind;
    amount: number;
    balanceAfter: number;
    orderId?: number | null;
    note?: string | null;
    byUserId?: number | null;
    now: Date;
  },
) {
  await db
    .insertInto('gift_card_ledger')
    .values({
      tenant_id: card.tenant_id,
      gift_card_id: card.id,
      kind: entry.kind,
      amount: entry.amount,
      balance_after: entry.balanceAfter,
      order_id: entry.orderId ?? null,
      note: entry.note ?? null,
      created_by_user_id: entry.byUserId ?? null,
      created_at: entry.now.toISOString(),
    })
    .execute();
}

/**
 * Takes `amount` cents off an active, unexpired card for an order. false when the balance is
 * no longer there (another order took it first): the caller's transaction answers 409.
 */
export async function redeem(
  trx: Db,
  input: { tenantId: number; giftCardId: number; orderId: number; amount: number; now: Date },
): Promise<boolean> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new RangeError('redeem a positive amount');
  const nowIso = input.now.toISOString();
  const updated = await trx
    .updateTable('gift_cards')
    .set((eb) => ({ balance: eb('balance', '-', input.amount), updated_at: nowIso }))
    .where('id', '=', input.giftCardId)
    .where('tenant_id', '=', input.tenantId)
    .where('status', '=', 'active')
    .where('balance', '>=', input.amount)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)]))
    .returning(['balance'])
    .executeTakeFirst();
  if (!updated) return false;
  await append(
    trx,
    { id: input.giftCardId, tenant_id: input.tenantId },
    {
      kind: 'redeem',
      amount: -input.amount,
      balanceAfter: updated.balance,
      orderId: input.orderId,
      now: input.now,
    },
  );
  return true;
}

async function giveBack(
  trx: Db,
  kind: 'release' | 'refund',
  input: { tenantId: number; orderId: number; now: Date },
): Promise<number> {
  const entries = await trx
    .selectFrom('gift_card_ledger')
    .select(['gift_card_id', 'kind', 'amount'])
    .where('tenant_id', '=', input.tenantId)
    .where('order_id', '=', input.orderId)
    .execute();
  let restored = 0;
  for (const redeemed of entries.filter((e) => e.kind === 'redeem')) {
    const done = entries.some(
      (e) => e.gift_card_id === redeemed.gift_card_id && (e.kind === 'release' || e.kind === 'refund'),
    );
    if (done) continue;
    const amount = -redeemed.amount;
    // A void card stays void: its balance went with the void entry, so nothing comes back to it.
    const updated = await trx
      .updateTable('gift_cards')
      .set((eb) => ({ balance: eb('balance', '+', amount), updated_at: input.now.toISOString() }))
      .where('id', '=', redeemed.gift_card_id)
      .where('tenant_id', '=', input.tenantId)
      .where('status', '=', 'active')
      .returning(['balance'])
      .executeTakeFirst();
    if (!updated) continue;
    await append(
      trx,
      { id: redeemed.gift_card_id, tenant_id: input.tenantId },
      {
        kind,
        amount,
        balanceAfter: updated.balance,
        orderId: input.orderId,
        now: input.now,
      },
    );
    restored += amount;
  }
  return restored;
}

/** Gives back what an order reserved when its payment fails or is abandoned (once). */
export const release = (trx: Db, input: { tenantId: number; orderId: number; now: Date }) =>
  giveBack(trx, 'release', input);

/** Gives back what an order paid by gift card when it is refunded (once). */
export const refund = (trx: Db, input: { tenantId: number; orderId: number; now: Date }) =>
  giveBack(trx, 'refund', input);

/** Puts a card's first money on it: pending → active with an issue entry, once. */
export async function activate(
  trx: Db,
  input: { tenantId: number; giftCardId: number; now: Date; note?: string; byUserId?: number | null },
): Promise<boolean> {
  const card = await trx
    .updateTable('gift_cards')
    .set((eb) => ({ status: 'active', balance: eb.ref('initial_amount'), updated_at: input.now.toISOString() }))
    .where('id', '=', input.giftCardId)
    .where('tenant_id', '=', input.tenantId)
    .where('status', '=', 'pending_payment')
    .returning(['id', 'tenant_id', 'balance'])
    .executeTakeFirst();
  if (!card) return false;
  await append(trx, card, {
    kind: 'issue',
    amount: card.balance,
    balanceAfter: card.balance,
    note: input.note ?? null,
    byUserId: input.byUserId ?? null,
    now: input.now,
  });
  return true;
}

/** Staff void: the remaining balance leaves with a void entry and the card can no longer pay. */
export async function voidCard(
  trx: Db,
  input: { tenantId: number; giftCardId: number; reason: string; byUserId: number | null; now: Date },
): Promise<boolean> {
  const before = await trx
    .selectFrom('gift_cards')
    .select(['balance', 'status'])
    .where('id', '=', input.giftCardId)
    .where('tenant_id', '=', input.tenantId)
    .executeTakeFirst();
  if (!before || before.status === 'void') return false;
  const updated = await trx
    .updateTable('gift_cards')
    .set({ status: 'void', balance: 0, void_reason: input.reason, updated_at: input.now.toISOString() })
    .where('id', '=', input.giftCardId)
    .where('tenant_id', '=', input.tenantId)
    .where('status', '=', before.status)
    .where('balance', '=', before.balance)
    .returning(['id'])
    .executeTakeFirst();
  if (!updated) return false;
  if (before.balance > 0) {
    await append(
      trx,
      { id: input.giftCardId, tenant_id: input.tenantId },
      {
        kind: 'void',
        amount: -before.balance,
        balanceAfter: 0,
        note: input.reason,
        byUserId: input.byUserId,
        now: input.now,
      },
    );
  }
  return true;
}

/**
 * A purchase refunded to its buyer (decision 022): the card, still active with exactly `balance`
 * on it, goes void with a refund entry taking that balance, before the provider is asked. false
 * when the card changed meanwhile (another refund, an order, a void): nothing is written.
 */
export async function claimRefund(
  trx: Db,
  input: { tenantId: number; giftCardId: number; balance: number; reason: string; byUserId: number; now: Date },
): Promise<boolean> {
  if (!Number.isSafeInteger(input.balance) || input.balance <= 0) throw new RangeError('refund a positive balance');
  const at = input.now.toISOString();
  const claimed = await trx
    .updateTable('gift_cards')
    .set({
      status: 'void',
      balance: 0,
      void_reason: input.reason,
      refunded_amount: input.balance,
      refunded_at: at,
      refund_id: null,
      updated_at: at,
    })
    .where('id', '=', input.giftCardId)
    .where('tenant_id', '=', input.tenantId)
    .where('source', '=', 'purchase')
    .where('status', '=', 'active')
    .where('balance', '=', input.balance)
    .returning(['id'])
    .executeTakeFirst();
  if (!claimed) return false;
  await append(
    trx,
    { id: input.giftCardId, tenant_id: input.tenantId },
    {
      kind: 'refund',
      amount: -input.balance,
      balanceAfter: 0,
      note: input.reason,
      byUserId: input.byUserId,
      now: input.now,
    },
  );
  return true;
}

/**
 * The provider refused a claimed refund: the card is active again with its balance, given back by
 * a release entry (the refund entry stays: the ledger is append-only). Only the claim made at
 * `refundedAt` is undone, and only while no refund id was recorded for it.
 */
export async function undoRefund(
  trx: Db,
  input: { tenantId: number; giftCardId: number; refundedAt: string; note: string; now: Date },
): Promise<boolean> {
  const card = await trx
    .selectFrom('gift_cards')
    .select('refunded_amount')
    .where('id', '=', input.giftCardId)
    .where('tenant_id', '=', input.tenantId)
    .executeTakeFirst();
  const amount = card?.refunded_amount ?? 0;
  if (amount <= 0) return false;
  const restored = await trx
    .updateTable('gift_cards')
    .set({
      status: 'active',
      balance: amount,
      void_reason: null,
      refunded_amount: null,
      refunded_at: null,
      updated_at: input.now.toISOString(),
    })
    .where('id', '=', input.giftCardId)
    .where('tenant_id', '=', input.tenantId)
    .where('status', '=', 'void')
    .where('balance', '=', 0)
    .where('refund_id', 'is', null)
    .where('refunded_at', '=', input.refundedAt)
    .returning(['id'])
    .executeTakeFirst();
  if (!restored) return false;
  await append(
    trx,
    { id: input.giftCardId, tenant_id: input.tenantId },
    { kind: 'release', amount, balanceAfter: amount, note: input.note, now: input.now },
  );
  return true;
}

export async function ledgerOf(db: Db, tenantId: number, giftCardId: number) {
  return db
    .selectFrom('gift_card_ledger')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('gift_card_id', '=', giftCardId)
    .orderBy('id')
    .execute();
}
