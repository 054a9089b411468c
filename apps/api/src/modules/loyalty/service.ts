import { type LoyaltySummary, pointsExpireAt, pointsValueCents } from '@storefront/core';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { tenantRepository } from '../tenants/repository.js';
import { accountOf, expireIfDue, rulesOf } from './ledger.js';

export function loyaltyService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** Balance, value, expiry, rules and the latest 100 entries of the signed-in user. */
    async summary(tenantId: number, userId: number): Promise<LoyaltySummary> {
      const tenant = await tenantRepository(db).findById(tenantId);
      if (!tenant) throw new AppError('not_found', 'Business not found');
      const at = now();
      const rules = await rulesOf(db, tenantId);
      const account = await db.transaction().execute(async (trx) => {
        return expireIfDue(trx, rules, await accountOf(trx, tenantId, userId, at), at);
      });
      const history = await db
        .selectFrom('loyalty_ledger')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('account_id', '=', account.id)
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
      return {
        balance: account.balance,
        value: pointsValueCents(rules, account.balance),
        currency: tenant.currency,
        can_redeem: rules.enabled && account.balance > 0 && account.balance >= rules.min_redeem_points,
        expires_at: account.balance > 0 ? pointsExpireAt(rules, account.last_activity_at) : null,
        rules,
        history: history.map((e) => ({
          id: e.id,
          kind: e.kind,
          points: e.points,
          balance_after: e.balance_after,
          order_id: e.order_id,
          order_number: e.order_number,
          created_at: e.created_at,
        })),
      };
    },
  };
}
