import { createHash } from 'node:crypto';
import { giftCardExpiredMessage, giftCardNotFoundMessage, normaliseGiftCardCode } from '@orderfront/core';
import type { Db } from '../../db/database.js';
import type { GiftCardRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { giftCardLedgerRepository } from './ledger-repository.js';

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
  const row = await giftCardLedgerRepository(db).activeByCodeHash(tenantId, hashGiftCardCode(normalised));
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

/**
 * Takes `amount` cents off an active, unexpired card for an order. false when the balance is
 * no longer there (another order took it first): the caller's transaction answers 409.
 */
export async function redeem(
  trx: Db,
  input: { tenantId: number; giftCardId: number; orderId: number; amount: number; now: Date },
): Promise<boolean> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new RangeError('redeem a positive amount');
  const ledger = giftCardLedgerRepository(trx);
  const balance = await ledger.take({ ...input, now: input.now.toISOString() });
  if (balance === undefined) return false;
  await ledger.append(
    { id: input.giftCardId, tenant_id: input.tenantId },
    { kind: 'redeem', amount: -input.amount, balanceAfter: balance, orderId: input.orderId, now: input.now },
  );
  return true;
}

async function giveBack(
  trx: Db,
  kind: 'release' | 'refund',
  input: { tenantId: number; orderId: number; now: Date },
): Promise<number> {
  const ledger = giftCardLedgerRepository(trx);
  const entries = await ledger.entriesOfOrder(input.tenantId, input.orderId);
  let restored = 0;
  for (const redeemed of entries.filter((e) => e.kind === 'redeem')) {
    const done = entries.some(
      (e) => e.gift_card_id === redeemed.gift_card_id && (e.kind === 'release' || e.kind === 'refund'),
    );
    if (done) continue;
    const amount = -redeemed.amount;
    // A void card stays void: its balance went with the void entry, so nothing comes back to it.
    const balance = await ledger.giveBack({
      tenantId: input.tenantId,
      giftCardId: redeemed.gift_card_id,
      amount,
      now: input.now.toISOString(),
    });
    if (balance === undefined) continue;
    await ledger.append(
      { id: redeemed.gift_card_id, tenant_id: input.tenantId },
      { kind, amount, balanceAfter: balance, orderId: input.orderId, now: input.now },
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
  const ledger = giftCardLedgerRepository(trx);
  const card = await ledger.activate({ ...input, now: input.now.toISOString() });
  if (!card) return false;
  await ledger.append(card, {
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
  const ledger = giftCardLedgerRepository(trx);
  const before = await ledger.stateOf(input.tenantId, input.giftCardId);
  if (!before || before.status === 'void') return false;
  const updated = await ledger.voidUnchanged({
    tenantId: input.tenantId,
    giftCardId: input.giftCardId,
    status: before.status,
    balance: before.balance,
    reason: input.reason,
    now: input.now.toISOString(),
  });
  if (!updated) return false;
  if (before.balance > 0) {
    await ledger.append(
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
  const ledger = giftCardLedgerRepository(trx);
  const claimed = await ledger.claimRefund({ ...input, now: input.now.toISOString() });
  if (!claimed) return false;
  await ledger.append(
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
  const ledger = giftCardLedgerRepository(trx);
  const card = await ledger.stateOf(input.tenantId, input.giftCardId);
  const amount = card?.refunded_amount ?? 0;
  if (amount <= 0) return false;
  const restored = await ledger.undoRefund({ ...input, amount, now: input.now.toISOString() });
  if (!restored) return false;
  await ledger.append(
    { id: input.giftCardId, tenant_id: input.tenantId },
    { kind: 'release', amount, balanceAfter: amount, note: input.note, now: input.now },
  );
  return true;
}

export function ledgerOf(db: Db, tenantId: number, giftCardId: number) {
  return giftCardLedgerRepository(db).entriesOfCard(tenantId, giftCardId);
}
