import { type Kysely, sql } from 'kysely';
import { timestampType, withId, withTimestamps } from './support.js';

export async function up(db: Kysely<any>): Promise<void> {
  const tenantRef = (col: any) => col.notNull().references('tenants.id').onDelete('cascade');
  const ts = timestampType(db);

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('gift_card_settings'))
      .addColumn('tenant_id', 'integer', (col) => tenantRef(col).unique())
      .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('min_amount', 'integer', (col) => col.notNull())
      .addColumn('max_amount', 'integer', (col) => col.notNull())
      // JSON list of cents, e.g. [2500, 5000, 10000]
      .addColumn('presets', 'text', (col) => col.notNull())
      .addColumn('valid_months', 'integer')
      .addColumn('max_delivery_days', 'integer', (col) => col.notNull().defaultTo(365))
      .addCheckConstraint('gift_card_settings_amounts_check', sql`min_amount >= 1 and max_amount >= min_amount`),
  ).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('gift_cards'))
      .addColumn('tenant_id', 'integer', tenantRef)
      // SHA-256 of the normalised code; null until the code is made (at delivery).
      .addColumn('code_hash', 'text', (col) => col.unique())
      .addColumn('last4', 'text')
      .addColumn('initial_amount', 'integer', (col) => col.notNull())
      .addColumn('balance', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('recipient_name', 'text', (col) => col.notNull())
      .addColumn('recipient_email', 'text', (col) => col.notNull())
      .addColumn('sender_name', 'text', (col) => col.notNull())
      .addColumn('message', 'text')
      .addColumn('purchaser_email', 'text', (col) => col.notNull())
      .addColumn('purchaser_user_id', 'integer')
      .addColumn('issued_by_user_id', 'integer')
      .addColumn('deliver_on', 'text')
      // The instant the code is due to be mailed (deliver_on's start in the tenant's timezone, or now).
      .addColumn('deliver_at', ts, (col) => col.notNull())
      .addColumn('delivering_at', ts)
      .addColumn('delivered_at', ts)
      .addColumn('expires_at', ts)
      .addColumn('payment_provider', 'text')
      .addColumn('payment_id', 'text')
      .addColumn('idempotency_key', 'text')
      .addColumn('request_fingerprint', 'text')
      .addColumn('void_reason', 'text')
      .addUniqueConstraint('gift_cards_idempotency_unique', ['tenant_id', 'idempotency_key'])
      .addCheckConstraint('gift_cards_status_check', sql`status in ('pending_payment', 'active', 'void')`)
      .addCheckConstraint('gift_cards_source_check', sql`source in ('purchase', 'staff')`)
      // The conditional update is the guard; this is the last line should a bug slip past it.
      .addCheckConstraint('gift_cards_balance_check', sql`balance >= 0`),
  ).execute();
  await db.schema
    .createIndex('gift_cards_due_idx')
    .on('gift_cards')
    .columns(['status', 'delivered_at', 'deliver_at'])
    .execute();
  await db.schema.createIndex('gift_cards_payment_idx').on('gift_cards').columns(['payment_id']).execute();
  await db.schema.createIndex('gift_cards_last4_idx').on('gift_cards').columns(['tenant_id', 'last4']).execute();

  // Append-only: the balance is always the sum of a card's entries.
  await withId(db, db.schema.createTable('gift_card_ledger'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('gift_card_id', 'integer', (col) => col.notNull().references('gift_cards.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('balance_after', 'integer', (col) => col.notNull())
    // The orders table belongs to ordering (decision 014); no foreign key so either migration can run first.
    .addColumn('order_id', 'integer')
    .addColumn('note', 'text')
    .addColumn('created_by_user_id', 'integer')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addCheckConstraint('gift_card_ledger_kind_check', sql`kind in ('issue', 'redeem', 'release', 'refund', 'void')`)
    .addCheckConstraint('gift_card_ledger_balance_check', sql`balance_after >= 0`)
    // One redeem, one release and one refund per card and order.
    .addUniqueConstraint('gift_card_ledger_order_unique', ['gift_card_id', 'order_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('gift_card_ledger_card_idx')
    .on('gift_card_ledger')
    .columns(['gift_card_id', 'id'])
    .execute();
  await db.schema
    .createIndex('gift_card_ledger_order_idx')
    .on('gift_card_ledger')
    .columns(['tenant_id', 'order_id'])
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('loyalty_settings'))
      .addColumn('tenant_id', 'integer', (col) => tenantRef(col).unique())
      .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('points_per_dollar', 'integer', (col) => col.notNull())
      .addColumn('redeem_points', 'integer', (col) => col.notNull())
      .addColumn('redeem_value_cents', 'integer', (col) => col.notNull())
      .addColumn('min_redeem_points', 'integer', (col) => col.notNull())
      .addColumn('expiry_months', 'integer', (col) => col.notNull())
      .addCheckConstraint(
        'loyalty_settings_values_check',
        sql`points_per_dollar >= 0 and redeem_points >= 1 and redeem_value_cents >= 0 and min_redeem_points >= 0 and expiry_months >= 0`,
      ),
  ).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('loyalty_accounts'))
      .addColumn('tenant_id', 'integer', tenantRef)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('balance', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('last_activity_at', ts, (col) => col.notNull())
      .addUniqueConstraint('loyalty_accounts_user_unique', ['tenant_id', 'user_id'])
      .addCheckConstraint('loyalty_accounts_balance_check', sql`balance >= 0`),
  ).execute();

  await withId(db, db.schema.createTable('loyalty_ledger'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('account_id', 'integer', (col) => col.notNull().references('loyalty_accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('balance_after', 'integer', (col) => col.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('order_number', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addCheckConstraint(
      'loyalty_ledger_kind_check',
      sql`kind in ('earn', 'redeem', 'release', 'reverse', 'expire', 'adjust')`,
    )
    .addCheckConstraint('loyalty_ledger_balance_check', sql`balance_after >= 0`)
    // Earn once per order even if "completed" arrives twice; likewise redeem, release, reverse.
    .addUniqueConstraint('loyalty_ledger_order_unique', ['account_id', 'order_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('loyalty_ledger_account_idx')
    .on('loyalty_ledger')
    .columns(['account_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'loyalty_ledger',
    'loyalty_accounts',
    'loyalty_settings',
    'gift_card_ledger',
    'gift_cards',
    'gift_card_settings',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
