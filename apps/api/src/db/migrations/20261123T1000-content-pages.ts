import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './support.js';

/** A tenant's terms, privacy and refund policy pages (plain text, edited by the business). */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('content_pages'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('slug', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addUniqueConstraint('content_pages_tenant_slug_unique', ['tenant_id', 'slug']),
  ).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_pages').execute();
}
