import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './support.js';

export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('mail_outbox'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('to_address', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('body_text', 'text', (col) => col.notNull())
      .addColumn('body_html', 'text'),
  ).execute();
  await db.schema.createIndex('mail_outbox_tenant_to').on('mail_outbox').columns(['tenant_id', 'to_address']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
