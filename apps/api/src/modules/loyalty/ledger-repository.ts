import type { Db } from '../../db/database.js';
import type { LoyaltyLedgerKind } from '../../db/schema.js';

/**
 * The points ledger's statements (ledger.ts holds its rules): every balance change is a
 * conditional UPDATE of the account plus an appended entry. Takes the caller's transaction.
 */
/** A points account named by its tenant and id (decision 031). */
type AccountKey = { tenant_id: number; id: number };

export function loyaltyLedgerRepository(db: Db) {
  return {
    /** The user's account, made on first use. */
    async accountOf(tenantId: number, userId: number, now: string) {
      await db
        .insertInto('loyalty_accounts')
        .values({ tenant_id: tenantId, user_id: userId, balance: 0, last_activity_at: now })
        .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doNothing())
        .execute();
      return db
        .selectFrom('loyalty_accounts')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
    },
    accountById(account: AccountKey) {
      return db
        .selectFrom('loyalty_accounts')
        .selectAll()
        .where('tenant_id', '=', account.tenant_id)
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
    },
    append(
      account: { id: number; tenant_id: number },
      entry: {
        kind: LoyaltyLedgerKind;
        points: number;
        balanceAfter: number;
        orderId?: number | null;
        orderNumber?: string | null;
        note?: string;
        createdBy?: number;
        idempotencyKey?: string;
        now: Date;
      },
    ) {
      return db
        .insertInto('loyalty_ledger')
        .values({
          tenant_id: account.tenant_id,
          account_id: account.id,
          kind: entry.kind,
          points: entry.points,
          balance_after: entry.balanceAfter,
          order_id: entry.orderId ?? null,
          order_number: entry.orderNumber ?? null,
          note: entry.note ?? null,
          created_by_user_id: entry.createdBy ?? null,
          idempotency_key: entry.idempotencyKey ?? null,
          created_at: entry.now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },
    /**
     * Moves the balance by `delta` only if it still holds at least `-delta` (a conditional update);
     * the new balance, or null when it did not. `activity` renews the expiry clock.
     */
    async move(account: AccountKey, delta: number, now: string, activity: boolean) {
      let query = db
        .updateTable('loyalty_accounts')
        .set((eb) => ({
          balance: eb('balance', '+', delta),
          updated_at: now,
          ...(activity ? { last_activity_at: now } : {}),
        }))
        .where('tenant_id', '=', account.tenant_id)
        .where('id', '=', account.id);
      if (delta < 0) query = query.where('balance', '>=', -delta);
      const row = await query.returning(['balance']).executeTakeFirst();
      return row ? row.balance : null;
    },
    /** Empties the balance if it and the last activity are still the ones read; false if they changed. */
    async expire(account: AccountKey & { balance: number; last_activity_at: string }, now: string) {
      const updated = await db
        .updateTable('loyalty_accounts')
        .set({ balance: 0, updated_at: now })
        .where('tenant_id', '=', account.tenant_id)
        .where('id', '=', account.id)
        .where('balance', '=', account.balance)
        .where('last_activity_at', '=', account.last_activity_at)
        .returning(['balance'])
        .executeTakeFirst();
      return updated !== undefined;
    },
    async nameOrder(tenantId: number, orderId: number, orderNumber: string) {
      await db
        .updateTable('loyalty_ledger')
        .set({ order_number: orderNumber })
        .where('tenant_id', '=', tenantId)
        .where('order_id', '=', orderId)
        .execute();
    },
    entriesOfOrder(tenantId: number, orderId: number) {
      return db
        .selectFrom('loyalty_ledger')
        .select(['account_id', 'tenant_id', 'kind', 'points', 'order_number'])
        .where('tenant_id', '=', tenantId)
        .where('order_id', '=', orderId)
        .execute();
    },
    async earnedFor(account: AccountKey, orderId: number) {
      const earlier = await db
        .selectFrom('loyalty_ledger')
        .select('id')
        .where('tenant_id', '=', account.tenant_id)
        .where('account_id', '=', account.id)
        .where('order_id', '=', orderId)
        .where('kind', '=', 'earn')
        .executeTakeFirst();
      return earlier !== undefined;
    },
  };
}
