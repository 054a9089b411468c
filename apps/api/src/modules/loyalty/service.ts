import {
  type AdminCustomerPoints,
  type AdminLoyaltyAdjustment,
  type LoyaltyAdjustBody,
  type LoyaltyRules,
  type LoyaltySummary,
  pointsExpireAt,
  pointsValueCents,
} from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { LoyaltyLedgerRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { checkedIdempotencyKey } from '../../lib/idempotency.js';
import { tenantService } from '../tenants/service.js';
import {
  adjust,
  earn,
  expireIfDue,
  liveAccount,
  nameOrder,
  release,
  reserve,
  reverse,
  rulesOf,
  saveRules,
} from './ledger.js';
import { loyaltyRepository } from './repository.js';

type Account = { id: number; balance: number; last_activity_at: string };
type Customer = { id: number; name: string; email: string };

const entryOf = (e: LoyaltyLedgerRow) => ({
  id: e.id,
  kind: e.kind,
  points: e.points,
  balance_after: e.balance_after,
  order_id: e.order_id,
  order_number: e.order_number,
  note: e.note,
  created_at: e.created_at,
});

const expiresAt = (rules: LoyaltyRules, account: Account | undefined) =>
  account && account.balance > 0 ? pointsExpireAt(rules, account.last_activity_at) : null;

const customerNotFound = () => new AppError('not_found', 'No customer of this business has that id');

export function loyaltyService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const repo = loyaltyRepository(db);
  const tenants = tenantService(db);

  async function tenantOf(tenantId: number) {
    const tenant = await tenants.byId(tenantId);
    if (!tenant) throw new AppError('not_found', 'Business not found');
    return tenant;
  }

  /** A customer's points as staff see them (with who adjusted), expiring what is due; no account yet is 0 points. */
  async function customerPoints(tenantId: number, customer: Customer): Promise<AdminCustomerPoints> {
    const tenant = await tenantOf(tenantId);
    const rules = await rulesOf(db, tenantId);
    const at = now();
    const account = await db.transaction().execute(async (trx) => {
      const row = await loyaltyRepository(trx).accountOf(tenantId, customer.id);
      return row && expireIfDue(trx, rules, row, at);
    });
    const history = account ? await repo.staffHistory(tenantId, account.id, 50) : [];
    const balance = account?.balance ?? 0;
    return {
      user_id: customer.id,
      name: customer.name,
      email: customer.email,
      balance,
      value: pointsValueCents(rules, balance),
      currency: tenant.currency,
      expires_at: expiresAt(rules, account),
      history: history.map((e) => ({ ...entryOf(e), adjusted_by: e.adjusted_by })),
    };
  }

  /** The adjustment an earlier request with this key made, or null; 409 if it asked for something else. */
  async function replayOf(
    tenantId: number,
    key: string,
    request: { customer: Customer; staffUserId: number; body: LoyaltyAdjustBody },
  ): Promise<AdminLoyaltyAdjustment | null> {
    const earlier = await repo.adjustmentByKey(tenantId, key);
    if (!earlier) return null;
    const same =
      earlier.user_id === request.customer.id &&
      earlier.created_by_user_id === request.staffUserId &&
      earlier.points === request.body.points &&
      earlier.note === request.body.reason;
    if (!same) {
      throw new AppError('conflict', 'This Idempotency-Key was already used for a different adjustment', {
        'Idempotency-Key': 'Use a new key for a new adjustment',
      });
    }
    return answer(tenantId, request.customer, earlier.id);
  }

  async function answer(tenantId: number, customer: Customer, entryId: number): Promise<AdminLoyaltyAdjustment> {
    const view = await customerPoints(tenantId, customer);
    const entry = view.history.find((e) => e.id === entryId);
    if (entry) return { entry, customer: view };
    // Older than the history shown: read it on its own.
    const row = await repo.staffEntry(tenantId, entryId);
    return { entry: { ...entryOf(row), adjusted_by: row.adjusted_by }, customer: view };
  }

  return {
    /** Balance, value, expiry, rules and the latest 100 entries of the signed-in user. */
    async summary(tenantId: number, userId: number): Promise<LoyaltySummary> {
      const tenant = await tenantOf(tenantId);
      const at = now();
      const rules = await rulesOf(db, tenantId);
      const account = await db.transaction().execute((trx) => liveAccount(trx, rules, { tenantId, userId, now: at }));
      const history = await repo.history(tenantId, account.id, 100);
      return {
        balance: account.balance,
        value: pointsValueCents(rules, account.balance),
        currency: tenant.currency,
        can_redeem: rules.enabled && account.balance > 0 && account.balance >= rules.min_redeem_points,
        expires_at: expiresAt(rules, account),
        rules,
        history: history.map(entryOf),
      };
    },

    /** Staff: this business's customers with exactly this (lower-cased) email; none is an empty list. */
    async find(tenantId: number, email: string): Promise<AdminCustomerPoints[]> {
      const customers = await repo.customersByEmail(tenantId, email);
      const found: AdminCustomerPoints[] = [];
      for (const customer of customers) found.push(await customerPoints(tenantId, customer));
      return found;
    },

    /**
     * Manager: adds or deducts a customer's points once per Idempotency-Key; a retry with the same
     * key and body answers the same adjustment (created: false).
     */
    async adjust(
      tenantId: number,
      staffUserId: number,
      userId: number,
      body: LoyaltyAdjustBody,
      idempotencyKey: string | undefined,
    ): Promise<{ adjustment: AdminLoyaltyAdjustment; created: boolean }> {
      const key = checkedIdempotencyKey(idempotencyKey);
      const customer = await repo.customer(tenantId, userId);
      if (!customer) throw customerNotFound();
      const request = { customer, staffUserId, body };
      const earlier = await replayOf(tenantId, key, request);
      if (earlier) return { adjustment: earlier, created: false };
      const rules = await rulesOf(db, tenantId);
      if (!rules.enabled) {
        throw new AppError('unprocessable', 'Loyalty points are turned off for this business.');
      }
      try {
        const { entryId } = await db.transaction().execute((trx) =>
          adjust(trx, {
            tenantId,
            userId,
            points: body.points,
            reason: body.reason,
            staffUserId,
            idempotencyKey: key,
            now: now(),
          }),
        );
        return { adjustment: await answer(tenantId, customer, entryId), created: true };
      } catch (error) {
        // The same key came twice at once: the first one's adjustment stands.
        if (!isUniqueViolation(error)) throw error;
        const replay = await replayOf(tenantId, key, request);
        if (!replay) throw error;
        return { adjustment: replay, created: false };
      }
    },
  };
}

/** The points side of an order, in the order's transaction (gift-cards/checkout.ts). */
export const orderPoints = { reserve, nameOrder, release, reverse, earn };

/** The owner's points rules, read and saved by the rewards settings (in the caller's transaction). */
export const loyaltyRules = { of: rulesOf, save: saveRules };
