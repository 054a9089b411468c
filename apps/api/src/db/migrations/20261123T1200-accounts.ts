import { type Kysely, sql } from 'kysely';
import { timestampType, withId, withTimestamps } from './support.js';

export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('users'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('phone_no', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('password_hash', 'text')
      .addColumn('google_sub', 'text')
      .addColumn('role', 'text', (col) => col.notNull().defaultTo('customer'))
      .addUniqueConstraint('users_tenant_email_unique', ['tenant_id', 'email'])
      .addUniqueConstraint('users_tenant_google_unique', ['tenant_id', 'google_sub'])
      .addCheckConstraint('users_role_check', sql`role in ('customer', 'staff', 'manager', 'owner')`),
  ).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('guests'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('guest_id', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('phone_no', 'text', (col) => col.notNull().defaultTo(''))
      .addUniqueConstraint('guests_tenant_guest_unique', ['tenant_id', 'guest_id'])
      .addCheckConstraint('guests_guest_id_check', sql`guest_id between 1000000 and 9999999`),
  ).execute();

  await withId(db, db.schema.createTable('auth_tokens'))
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('guest_id', 'integer')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('revoked_at', ts)
    .addCheckConstraint(
      'auth_tokens_kind_check',
      sql`(kind = 'user' and user_id is not null) or (kind = 'guest' and guest_id is not null)`,
    )
    .execute();
  await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').columns(['tenant_id', 'user_id']).execute();

  await withId(db, db.schema.createTable('one_time_codes'))
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('link_hash', 'text')
    .addColumn('payload', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('consumed_at', ts)
    .addCheckConstraint('one_time_codes_purpose_check', sql`purpose in ('signup', 'login', 'reset')`)
    .execute();
  await db.schema
    .createIndex('one_time_codes_lookup_idx')
    .on('one_time_codes')
    .columns(['tenant_id', 'email', 'purpose'])
    .execute();

  // Counters for per-address and per-account limits (code sends, failed logins).
  await withId(db, db.schema.createTable('auth_attempts'))
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('auth_attempts_lookup_idx')
    .on('auth_attempts')
    .columns(['tenant_id', 'kind', 'subject', 'created_at'])
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('addresses'))
      .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('label', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('street', 'text', (col) => col.notNull())
      .addColumn('suburb', 'text', (col) => col.notNull())
      .addColumn('city', 'text', (col) => col.notNull())
      .addColumn('postcode', 'text', (col) => col.notNull()),
  ).execute();
  await db.schema.createIndex('addresses_user_idx').on('addresses').columns(['tenant_id', 'user_id']).execute();

  await withId(db, db.schema.createTable('sms_outbox'))
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('to', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'sms_outbox',
    'addresses',
    'auth_attempts',
    'one_time_codes',
    'auth_tokens',
    'guests',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
