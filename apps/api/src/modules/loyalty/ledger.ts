import {
  adjustmentRestartsClock,
  type LoyaltyRules,
  pointsEarned,
  pointsExpired,
  pointsProblemMessages,
  redeemPoints,
} from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { loyaltyLedgerRepository } from './ledger-repository.js';
import { loyaltySettingsRepository } from './repository.js';

/**
 * Loyalty points ledger: like gift cards, every change is an appended entry plus a conditional
 * UPDATE of the account's balance in the same transaction. The unique (account, order, kind)
 * index makes earning, redeeming, releasing and reversing happen at most once per order.
 * Every function takes the caller's transaction.
 */

export const disabledRules: LoyaltyRules = {
  enabled: false,
  points_per_dollar: 0,
  redeem_points: 1,
  redeem_value_cents: 0,
  min_redeem_points: 0,
  expiry_months: 0,
};

export async function rulesOf(db: Db, tenantId: number): Promise<LoyaltyRules> {
  const row = await loyaltySettingsRepository(db).find(tenantId);
  if (!row) return disabledRules;
  return {
    enabled: row.enabled === 1,
    points_per_dollar: row.points_per_dollar,
    redeem_points: row.redeem_points,
    redeem_value_cents: row.redeem_value_cents,
    min_redeem_points: row.min_redeem_points,
    expiry_months: row.expiry_months,
  };
}

/** Sets the tenant's rules (one row per tenant, made on first save); balances stay as they are. */
export async function saveRules(db: Db, tenantId: number, rules: LoyaltyRules, now: Date) {
  await loyaltySettingsRepository(db).save(tenantId, {
    enabled: rules.enabled ? 1 : 0,
    points_per_dollar: rules.points_per_dollar,
    redeem_points: rules.redeem_points,
    redeem_value_cents: rules.redeem_value_cents,
    min_redeem_points: rules.min_redeem_points,
    expiry_months: rules.expiry_months,
    updated_at: now.toISOString(),
  });
}

/** The user's account, made on first use. */
export function accountOf(db: Db, tenantId: number, userId: number, now: Date) {
  return loyaltyLedgerRepository(db).accountOf(tenantId, userId, now.toISOString());
}

type Account = Awaited<ReturnType<typeof accountOf>>;

/** Points unused for the rules' months expire (an entry), checked whenever the account is used. */
export async function expireIfDue(db: Db, rules: LoyaltyRules, account: Account, now: Date): Promise<Account> {
  if (account.balance <= 0 || !pointsExpired(rules, account.last_activity_at, now)) return account;
  const ledger = loyaltyLedgerRepository(db);
  if (await ledger.expire(account, now.toISOString())) {
    await ledger.append(account, { kind: 'expire', points: -account.balance, balanceAfter: 0, now });
  }
  return ledger.accountById(account);
}

/** The user's account (made on first use) with what was due to expire expired. */
export async function liveAccount(
  trx: Db,
  rules: LoyaltyRules,
  who: { tenantId: number; userId: number; now: Date },
): Promise<Account> {
  return expireIfDue(trx, rules, await accountOf(trx, who.tenantId, who.userId, who.now), who.now);
}

const pointsError = (message: string) => new AppError('unprocessable', message, { loyalty_points: message });

/**
 * Reserves points for an order as a discount worth at most `orderCents`. Answers the points and
 * cents actually used; 422 for the customer's mistakes, 409 when another order spent them first.
 */
export async function reserve(
  trx: Db,
  input: {
    tenantId: number;
    userId: number;
    orderId: number;
    orderNumber?: string | null;
    points: number;
    orderCents: number;
    now: Date;
  },
): Promise<{ points: number; cents: number }> {
  if (input.points === 0) return { points: 0, cents: 0 };
  const rules = await rulesOf(trx, input.tenantId);
  const account = await liveAccount(trx, rules, input);
  const plan = redeemPoints(rules, { requested: input.points, balance: account.balance, orderCents: input.orderCents });
  if ('problem' in plan) {
    const message =
      plan.problem === 'below_minimum'
        ? `You need at least ${rules.min_redeem_points} points to redeem.`
        : pointsProblemMessages[plan.problem];
    throw pointsError(message);
  }
  if (plan.points === 0) return plan;
  const ledger = loyaltyLedgerRepository(trx);
  const balance = await ledger.move(account, -plan.points, input.now.toISOString(), true);
  if (balance === null) throw new AppError('conflict', 'Your points balance changed. Please try again.');
  await ledger.append(account, {
    kind: 'redeem',
    points: -plan.points,
    balanceAfter: balance,
    orderId: input.orderId,
    orderNumber: input.orderNumber,
    now: input.now,
  });
  return plan;
}

/** The order's number on its ledger entries, once the order takes it (its last write, decision 063). */
export async function nameOrder(trx: Db, input: { tenantId: number; orderId: number; orderNumber: string }) {
  await loyaltyLedgerRepository(trx).nameOrder(input.tenantId, input.orderId, input.orderNumber);
}

/** Gives back an order's redeemed points (failed or abandoned payment, or a refund), once. */
export async function release(trx: Db, input: { tenantId: number; orderId: number; now: Date }): Promise<number> {
  const ledger = loyaltyLedgerRepository(trx);
  const entries = await ledger.entriesOfOrder(input.tenantId, input.orderId);
  const redeemed = entries.find((e) => e.kind === 'redeem');
  if (!redeemed || entries.some((e) => e.kind === 'release')) return 0;
  const points = -redeemed.points;
  const account = { id: redeemed.account_id, tenant_id: redeemed.tenant_id };
  const balance = await ledger.move(account, points, input.now.toISOString(), false);
  if (balance === null) return 0;
  await ledger.append(account, {
    kind: 'release',
    points,
    balanceAfter: balance,
    orderId: input.orderId,
    orderNumber: redeemed.order_number,
    now: input.now,
  });
  return points;
}

/** Earns points for a completed order's spending, once per order however often the event comes. */
export async function earn(
  trx: Db,
  input: {
    tenantId: number;
    userId: number;
    orderId: number;
    orderNumber?: string | null;
    spentCents: number;
    now: Date;
  },
): Promise<number> {
  const rules = await rulesOf(trx, input.tenantId);
  const points = pointsEarned(rules, input.spentCents);
  if (points === 0) return 0;
  const account = await liveAccount(trx, rules, input);
  const ledger = loyaltyLedgerRepository(trx);
  if (await ledger.earnedFor(account, input.orderId)) return 0;
  const balance = await ledger.move(account, points, input.now.toISOString(), true);
  if (balance === null) return 0;
  await ledger.append(account, {
    kind: 'earn',
    points,
    balanceAfter: balance,
    orderId: input.orderId,
    orderNumber: input.orderNumber,
    now: input.now,
  });
  return points;
}

/**
 * A refund takes back the points the order earned (as many as are left: points already spent
 * elsewhere are not clawed below zero) and gives back the points it used.
 */
export async function reverse(
  trx: Db,
  input: { tenantId: number; orderId: number; now: Date },
): Promise<{ reversed: number; released: number }> {
  const ledger = loyaltyLedgerRepository(trx);
  const entries = await ledger.entriesOfOrder(input.tenantId, input.orderId);
  const earned = entries.find((e) => e.kind === 'earn');
  let reversed = 0;
  if (earned && !entries.some((e) => e.kind === 'reverse')) {
    const account = await ledger.accountById({ tenant_id: earned.tenant_id, id: earned.account_id });
    const take = Math.min(earned.points, account.balance);
    const balance = await ledger.move(account, -take, input.now.toISOString(), false);
    if (balance !== null) {
      await ledger.append(account, {
        kind: 'reverse',
        points: -take,
        balanceAfter: balance,
        orderId: input.orderId,
        orderNumber: earned.order_number,
        now: input.now,
      });
      reversed = take;
    }
  }
  const released = await release(trx, input);
  return { reversed, released };
}

/**
 * A staff adjustment (decision 021): one `adjust` entry with its reason, author and Idempotency-Key,
 * and the balance moved by a conditional update in the caller's transaction. Expired points go first;
 * a deduction below zero is 409 and writes nothing. Answers the entry's id and the new balance.
 */
export async function adjust(
  trx: Db,
  input: {
    tenantId: number;
    userId: number;
    points: number;
    reason: string;
    staffUserId: number;
    idempotencyKey: string;
    now: Date;
  },
): Promise<{ entryId: number; balance: number }> {
  const rules = await rulesOf(trx, input.tenantId);
  const account = await liveAccount(trx, rules, input);
  const restart = adjustmentRestartsClock(account.balance, input.points);
  const ledger = loyaltyLedgerRepository(trx);
  const balance = await ledger.move(account, input.points, input.now.toISOString(), restart);
  if (balance === null) {
    const held = await ledger.accountById(account);
    const message = `Cannot deduct ${-input.points} points: the balance is only ${held.balance} points.`;
    throw new AppError('conflict', message, { points: message });
  }
  const { id } = await ledger.append(account, {
    kind: 'adjust',
    points: input.points,
    balanceAfter: balance,
    note: input.reason,
    createdBy: input.staffUserId,
    idempotencyKey: input.idempotencyKey,
    now: input.now,
  });
  return { entryId: id, balance };
}
