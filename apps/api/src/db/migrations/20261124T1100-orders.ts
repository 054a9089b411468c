import { type Kysely, sql } from 'kysely';
import { timestampType, withId, withTimestamps } from './support.js';

/**
 * Orders and card payments: the order with an immutable snapshot of its priced lines, its status
 * history, idempotency keys of the place-order call, provider events already applied (webhook
 * replays change nothing), the per-tenant order number counter and the built-in sandbox
 * provider's payments and refunds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const tenantRef = (col: any) => col.notNull().references('tenants.id').onDelete('cascade');
  const ts = timestampType(db);

  await db.schema
    .createTable('order_counters')
    .addColumn('tenant_id', 'integer', (col) => tenantRef(col).primaryKey())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    // Signs guest confirmation links when ORDER_LINK_SECRET is not configured.
    .addColumn('link_secret', 'text', (col) => col.notNull())
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('orders'))
      .addColumn('tenant_id', 'integer', tenantRef)
      .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id'))
      .addColumn('user_id', 'integer', (col) => col.references('users.id'))
      .addColumn('guest_id', 'integer')
      .addColumn('order_number', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('method', 'text', (col) => col.notNull())
      .addColumn('pickup_date', 'text')
      .addColumn('pickup_time', 'text')
      .addColumn('scheduled_for', ts)
      .addColumn('slot_start', ts)
      .addColumn('table_id', 'text')
      .addColumn('special_instructions', 'text')
      .addColumn('customer_name', 'text', (col) => col.notNull())
      .addColumn('customer_email', 'text', (col) => col.notNull())
      .addColumn('customer_phone', 'text', (col) => col.notNull())
      .addColumn('delivery_address', 'text')
      .addColumn('payment_method', 'text', (col) => col.notNull())
      .addColumn('payment_status', 'text', (col) => col.notNull())
      .addColumn('payment_provider', 'text')
      .addColumn('payment_id', 'text')
      .addColumn('refund_id', 'text')
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('subtotal_cents', 'integer', (col) => col.notNull())
      .addColumn('discount_cents', 'integer', (col) => col.notNull())
      .addColumn('tax_cents', 'integer', (col) => col.notNull())
      .addColumn('delivery_cents', 'integer', (col) => col.notNull())
      .addColumn('surcharge_cents', 'integer', (col) => col.notNull())
      .addColumn('gift_card_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('loyalty_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('total_cents', 'integer', (col) => col.notNull())
      .addColumn('amount_due_cents', 'integer', (col) => col.notNull())
      .addColumn('item_count', 'integer', (col) => col.notNull())
      .addColumn('coupon_code', 'text')
      .addColumn('coupon_id', 'integer')
      .addColumn('snapshot', 'text', (col) => col.notNull())
      .addColumn('access_token_hash', 'text', (col) => col.notNull())
      .addColumn('ready_at', ts)
      .addColumn('cancel_reason', 'text')
      .addColumn('placed_at', ts)
      .addColumn('released_at', ts)
      .addUniqueConstraint('orders_number_unique', ['tenant_id', 'order_number'])
      .addCheckConstraint(
        'orders_status_check',
        sql`status in ('pending_payment', 'placed', 'accepted', 'preparing', 'ready', 'out_for_delivery', 'completed', 'cancelled', 'refunded')`,
      )
      .addCheckConstraint('orders_method_check', sql`method in ('pickup', 'delivery', 'dine_in')`)
      .addCheckConstraint('orders_payment_method_check', sql`payment_method in ('card', 'cash_on_delivery')`)
      .addCheckConstraint(
        'orders_payment_status_check',
        sql`payment_status in ('unpaid', 'pending', 'paid', 'failed', 'refunded')`,
      )
      .addCheckConstraint('orders_owner_check', sql`user_id is not null or guest_id is not null`)
      .addCheckConstraint('orders_money_check', sql`total_cents >= 0 and amount_due_cents >= 0`),
  ).execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['tenant_id', 'user_id', 'id']).execute();
  await db.schema.createIndex('orders_guest_idx').on('orders').columns(['tenant_id', 'guest_id']).execute();
  await db.schema
    .createIndex('orders_restaurant_idx')
    .on('orders')
    .columns(['tenant_id', 'restaurant_id', 'status'])
    .execute();
  await db.schema.createIndex('orders_pending_idx').on('orders').columns(['status', 'created_at']).execute();
  await db.schema
    .createIndex('orders_payment_unique')
    .on('orders')
    .columns(['payment_provider', 'payment_id'])
    .unique()
    .where(sql.ref('payment_id'), 'is not', null)
    .execute();

  await withId(db, db.schema.createTable('order_status_history'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_status_history_order_idx').on('order_status_history').column('order_id').execute();

  // The place-order call's Idempotency-Key, per caller: the first request's body fingerprint and order.
  await withId(db, db.schema.createTable('order_idempotency_keys'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('owner_key', 'text', (col) => col.notNull())
    // sha256 of the client's key.
    .addColumn('key_hash', 'text', (col) => col.notNull())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('cascade'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addUniqueConstraint('order_idempotency_keys_unique', ['tenant_id', 'owner_key', 'key_hash'])
    .execute();

  await withId(db, db.schema.createTable('payment_events'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('payment_id', 'text', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addUniqueConstraint('payment_events_unique', ['provider', 'event_id'])
    .execute();

  await withTimestamps(
    db,
    db.schema
      .createTable('sandbox_payments')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('tenant_id', 'integer', tenantRef)
      .addColumn('order_id', 'integer')
      .addColumn('amount_cents', 'integer', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('error', 'text')
      .addColumn('card_last4', 'text')
      .addColumn('idempotency_key', 'text', (col) => col.notNull())
      .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .addUniqueConstraint('sandbox_payments_key_unique', ['tenant_id', 'idempotency_key']),
  ).execute();

  await db.schema
    .createTable('sandbox_refunds')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('payment_id', 'text', (col) => col.notNull().references('sandbox_payments.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addUniqueConstraint('sandbox_refunds_key_unique', ['tenant_id', 'idempotency_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'sandbox_refunds',
    'sandbox_payments',
    'payment_events',
    'order_idempotency_keys',
    'order_status_history',
    'orders',
    'order_counters',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
