import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './support.js';

/** A tenant's terms, privacy and refund policy pages (plain text), and its newsletter sign-ups. */
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

  /** Who signed up to the business's newsletter in the footer (stored lower-case). */
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('newsletter_subscribers'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('email', 'text', (col) => col.notNull())
      .addUniqueConstraint('newsletter_subscribers_tenant_email_unique', ['tenant_id', 'email']),
  ).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_subscribers').execute();
  await db.schema.dropTable('content_pages').execute();
}
