import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SandboxPaymentsTable, SandboxRefundsTable } from '../../db/schema.js';

export type SandboxRow = Pick<
  SandboxPaymentsTable,
  'id' | 'status' | 'amount_cents' | 'currency' | 'error' | 'order_id'
>;

const columns = ['id', 'status', 'amount_cents', 'currency', 'error', 'order_id'] as const;

/** The sandbox provider's own tables, one tenant's rows. */
export function sandboxRepository(db: Db, tenantId: number) {
  return {
    find: (paymentId: string) =>
      db
        .selectFrom('sandbox_payments')
        .select(columns)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', paymentId)
        .executeTakeFirst(),

    findByKey: (idempotencyKey: string) =>
      db
        .selectFrom('sandbox_payments')
        .select(columns)
        .where('tenant_id', '=', tenantId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst(),

    insert: (row: Omit<Insertable<SandboxPaymentsTable>, 'tenant_id'>) =>
      db
        .insertInto('sandbox_payments')
        .values({ ...row, tenant_id: tenantId })
        .returning(columns)
        .executeTakeFirstOrThrow(),

    /** Moves the payment only from one of `from`, so two confirms never both decide. */
    async move(
      paymentId: string,
      from: SandboxRow['status'][],
      set: Partial<SandboxRow> & { card_last4?: string; updated_at: string },
    ) {
      await db
        .updateTable('sandbox_payments')
        .set(set)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', paymentId)
        .where('status', 'in', from)
        .execute();
    },

    refundByKey: (idempotencyKey: string) =>
      db
        .selectFrom('sandbox_refunds')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst(),

    async insertRefund(row: Omit<Insertable<SandboxRefundsTable>, 'tenant_id'>) {
      await db
        .insertInto('sandbox_refunds')
        .values({ ...row, tenant_id: tenantId })
        .execute();
    },

    /** Adds to what a succeeded payment has refunded, never past its amount; true when it did. */
    async addRefunded(paymentId: string, amountCents: number, at: string) {
      const updated = await db
        .updateTable('sandbox_payments')
        .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', amountCents), updated_at: at }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', paymentId)
        .where('status', '=', 'succeeded')
        .where((eb) => eb(eb('refunded_cents', '+', amountCents), '<=', eb.ref('amount_cents')))
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
  };
}
