import type { Kysely } from 'kysely';

/**
 * A deal or combo slot choice may name one size of its product (decision 048): the name of one of
 * the product's attribute values ('Large'), null for the product's default size as before.
 * Kept as the name, not the value's id, as the catalogue document names it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('slot_choices').addColumn('size', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('slot_choices').dropColumn('size').execute();
}
