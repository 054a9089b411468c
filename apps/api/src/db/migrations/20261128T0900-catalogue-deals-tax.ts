import { type Kysely, sql } from 'kysely';

/**
 * Deals and combos in the catalogue document (decision 042): a key import and export match them by
 * (ids differ between businesses) and an archive flag (carts and orders keep pointing at a bundle
 * the owner retired, so it is never deleted). A product's tax class: 'standard' or 'gst_free'.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('tax_class', 'text', (c) => c.notNull().defaultTo('standard'))
    .execute();
  for (const [table, prefix] of [
    ['deals', 'd'],
    ['combo_products', 'c'],
  ] as const) {
    await db.schema.alterTable(table).addColumn('ref', 'text').execute();
    await sql`update ${sql.table(table)} set ref = ${sql.lit(prefix)} || cast(id as text)`.execute(db);
    await db.schema
      .alterTable(table)
      .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('tax_class').execute();
  for (const table of ['deals', 'combo_products']) {
    await db.schema.alterTable(table).dropColumn('archived').execute();
    await db.schema.alterTable(table).dropColumn('ref').execute();
  }
}
