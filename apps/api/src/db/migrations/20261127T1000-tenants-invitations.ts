import { type Kysely, sql } from 'kysely';
import { timestampType, withId, withTimestamps } from './support.js';

/**
 * Businesses made by the operator's CLI and the people who run them (decision 036): a tenant can be
 * disabled (its storefront and API then answer 503), and owners invite staff, managers and owners
 * by email. An invitation keeps only the SHA-256 of its one-time token, an expiry, the role and the
 * restaurants it grants, and when it was accepted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema.alterTable('tenants').addColumn('disabled_at', ts).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('invitations'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('role', 'text', (col) => col.notNull())
      .addColumn('restaurant_ids', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('invited_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('expires_at', ts, (col) => col.notNull())
      .addColumn('accepted_at', ts)
      .addCheckConstraint('invitations_role_check', sql`role in ('staff', 'manager', 'owner')`),
  ).execute();
  await db.schema
    .createIndex('invitations_tenant_email_idx')
    .on('invitations')
    .columns(['tenant_id', 'email'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
  await db.schema.alterTable('tenants').dropColumn('disabled_at').execute();
}
