import type { Kysely } from 'kysely';

/**
 * The name a tenant's customers know its tax by ('GST', 'VAT'), for 'Includes GST $4.45' under a
 * total. Businesses that already trade in Australian or New Zealand dollars charge GST.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('tax_name', 'text', (col) => col.notNull().defaultTo('Tax'))
    .execute();
  await db.updateTable('tenants').set({ tax_name: 'GST' }).where('currency', 'in', ['AUD', 'NZD']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tenants').dropColumn('tax_name').execute();
}
