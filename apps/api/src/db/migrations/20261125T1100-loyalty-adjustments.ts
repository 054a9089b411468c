import type { Kysely } from 'kysely';

/**
 * Staff adjust customers' points (decision 021): an `adjust` entry keeps its reason (shown to the
 * customer), who made it (shown to staff only) and the request's Idempotency-Key, unique per
 * business so a retried click never adjusts twice. Order entries leave all three null.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('loyalty_ledger').addColumn('note', 'text').execute();
  await db.schema.alterTable('loyalty_ledger').addColumn('created_by_user_id', 'integer').execute();
  await db.schema.alterTable('loyalty_ledger').addColumn('idempotency_key', 'text').execute();
  await db.schema
    .createIndex('loyalty_ledger_idempotency_unique')
    .on('loyalty_ledger')
    .columns(['tenant_id', 'idempotency_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('loyalty_ledger_idempotency_unique').execute();
  for (const column of ['idempotency_key', 'created_by_user_id', 'note']) {
    await db.schema.alterTable('loyalty_ledger').dropColumn(column).execute();
  }
}
