import type { Kysely } from 'kysely';

/**
 * A business's legal identity, printed on tax invoices and in the storefront's footer: the legal
 * name when it differs from the trading name, and for Australian businesses the ABN and ACN (digits
 * only; checked with core's business-number rules before they are saved).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tenants').addColumn('legal_name', 'text').execute();
  await db.schema.alterTable('tenants').addColumn('abn', 'text').execute();
  await db.schema.alterTable('tenants').addColumn('acn', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tenants').dropColumn('acn').execute();
  await db.schema.alterTable('tenants').dropColumn('abn').execute();
  await db.schema.alterTable('tenants').dropColumn('legal_name').execute();
}
