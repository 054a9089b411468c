import type { Db } from '../../db/database.js';

/** One row of rules per tenant, made on first save. */
export function loyaltySettingsRepository(db: Db) {
  return {
    find(tenantId: number) {
      return db.selectFrom('loyalty_settings').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
    },
    async save(
      tenantId: number,
      values: {
        enabled: number;
        points_per_dollar: number;
        redeem_points: number;
        redeem_value_cents: number;
        min_redeem_points: number;
        expiry_months: number;
        updated_at: string;
      },
    ) {
      await db
        .insertInto('loyalty_settings')
        .values({ tenant_id: tenantId, ...values })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
        .execute();
    },
  };
}

/** What customers and staff read of the points: accounts, histories, customers of the business. */
export function loyaltyRepository(db: Db) {
  /** Ledger entries with who adjusted (staff see that; customers never do). */
  const staffEntries = (tenantId: number) =>
    db
      .selectFrom('loyalty_ledger as l')
      .leftJoin('users as u', (join) =>
        join.onRef('u.id', '=', 'l.created_by_user_id').onRef('u.tenant_id', '=', 'l.tenant_id'),
      )
      .selectAll('l')
      .select('u.name as adjusted_by')
      .where('l.tenant_id', '=', tenantId);

  const customers = (tenantId: number) =>
    db
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where('tenant_id', '=', tenantId)
      .where('role', '=', 'customer');

  return {
    /** The user's account if they have one (staff reads never make one). */
    accountOf(tenantId: number, userId: number) {
      return db
        .selectFrom('loyalty_accounts')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    /** The newest entries first, as the customer sees them. */
    history(tenantId: number, accountId: number, limit: number) {
      return db
        .selectFrom('loyalty_ledger')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('account_id', '=', accountId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
    /** The newest entries first, with who adjusted. */
    staffHistory(tenantId: number, accountId: number, limit: number) {
      return staffEntries(tenantId)
        .where('l.account_id', '=', accountId)
        .orderBy('l.id', 'desc')
        .limit(limit)
        .execute();
    },
    staffEntry(tenantId: number, entryId: number) {
      return staffEntries(tenantId).where('l.id', '=', entryId).executeTakeFirstOrThrow();
    },
    customer(tenantId: number, userId: number) {
      return customers(tenantId).where('id', '=', userId).executeTakeFirst();
    },
    customersByEmail(tenantId: number, email: string) {
      return customers(tenantId).where('email', '=', email).orderBy('id').execute();
    },
    /** The adjustment made under an Idempotency-Key, with whose points it moved. */
    adjustmentByKey(tenantId: number, key: string) {
      return db
        .selectFrom('loyalty_ledger as l')
        .innerJoin('loyalty_accounts as a', 'a.id', 'l.account_id')
        .select(['l.id', 'l.points', 'l.note', 'l.created_by_user_id', 'a.user_id'])
        .where('l.tenant_id', '=', tenantId)
        .where('l.idempotency_key', '=', key)
        .executeTakeFirst();
    },
  };
}
