import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './support.js';

/**
 * Tips per tenant (decision 040): for which methods the checkout offers them, the preset
 * percentages and whether a custom amount is allowed. No row: tips are off.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('tip_settings'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade').unique())
      .addColumn('pickup', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('delivery', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('dine_in', 'integer', (col) => col.notNull().defaultTo(0))
      // JSON list of whole percentages, e.g. [5, 10, 15]
      .addColumn('presets', 'text', (col) => col.notNull())
      .addColumn('allow_custom', 'integer', (col) => col.notNull().defaultTo(1)),
  ).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tip_settings').execute();
}
