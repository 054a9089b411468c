import { type Expression, type Insertable, sql, type Transaction, type Updateable } from 'kysely';
import { type Db, isPostgres } from '../../db/database.js';
import { withCommitBehind } from '../../db/pipeline.js';
import { precompiled, precompiledInsert, precompiledRecord } from '../../db/precompiled.js';
import type { Database, OrderRow, OrderStatusValue, OrdersTable, PaymentStatusValue } from '../../db/schema.js';
import type { CustomerOwner } from '../../lib/owner.js';

export type Executor = Db | Transaction<Database>;

/** The order's owner: a registered user or a guest of the tenant. */
export type OrderOwner = CustomerOwner;

/** Every column an order is first inserted with (the rest take their defaults). */
const draftColumns = [
  'tenant_id',
  'restaurant_id',
  'user_id',
  'guest_id',
  'order_number',
  'status',
  'method',
  'pickup_date',
  'pickup_time',
  'scheduled_for',
  'slot_start',
  'table_id',
  'special_instructions',
  'customer_name',
  'customer_email',
  'customer_phone',
  'delivery_address',
  'payment_method',
  'payment_status',
  'payment_provider',
  'payment_id',
  'refund_id',
  'currency',
  'subtotal_cents',
  'discount_cents',
  'tax_cents',
  'delivery_cents',
  'surcharge_cents',
  'total_cents',
  'amount_due_cents',
  'item_count',
  'coupon_code',
  'coupon_id',
  'snapshot',
  'access_token_hash',
  'ready_at',
  'cancel_reason',
  'placed_at',
  'released_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof OrdersTable)[];

/** An order as placing one inserts it: every column of `draftColumns` given. */
export type OrderDraft = { [K in (typeof draftColumns)[number]]-?: Insertable<OrdersTable>[K] };

/** What placing an order sets once its payment split is known (place-order.ts `settle`). */
export interface OrderSettlement {
  status: OrderStatusValue;
  payment_status: PaymentStatusValue;
  placed_at: string | null;
  total_cents: number;
  gift_card_cents: number;
  loyalty_cents: number;
  amount_due_cents: number;
  tip_cents: number;
  tip_tax_cents: number;
  access_token_hash: string;
}

/**
 * The one input of both settling statements, SQLite's `settleOrder` and PostgreSQL's
 * `takeNumberAndSettle` (decision 067): the order's key and its settlement, so the two dialects set
 * the same columns from the same values.
 */
type SettlementInput = Pick<OrderRow, 'tenant_id' | 'id'> & OrderSettlement;
const settlementFields = [
  'status',
  'payment_status',
  'placed_at',
  'total_cents',
  'gift_card_cents',
  'loyalty_cents',
  'amount_due_cents',
  'tip_cents',
  'tip_tax_cents',
  'access_token_hash',
] as const satisfies readonly (keyof OrderSettlement)[];
// Every settlement column is listed: a new one left out of `settlementFields` fails to compile here.
const everySettlementField: Record<Exclude<keyof OrderSettlement, (typeof settlementFields)[number]>, never> = {};
void everySettlementField;
const inputFields = ['tenant_id', 'id', ...settlementFields] as const;

// Placing an order runs these once each (decision 053): built and compiled once, not per order.
const insertDraft = precompiledInsert(draftColumns, (db: Db, row: OrderDraft) =>
  db.insertInto('orders').values(row).returningAll(),
);
/** The columns both settling statements set: the number and every settlement field. */
const settledColumns = (orderNumber: string | Expression<string>, s: OrderSettlement) => ({
  order_number: orderNumber,
  ...(Object.fromEntries(settlementFields.map((f) => [f, s[f]])) as unknown as OrderSettlement),
});
const settleOrder = precompiledRecord(
  [...inputFields, 'order_number'],
  (db: Db, s: SettlementInput & { order_number: string }) =>
    db
      .updateTable('orders')
      .set(settledColumns(s.order_number, s))
      .where('tenant_id', '=', s.tenant_id)
      .where('id', '=', s.id),
);
/**
 * The counter moves by one in one statement: the first order of a tenant makes the row at 1001
 * (1000, then its first order), every later one adds one to it; the row's lock (PostgreSQL) or the
 * write transaction (SQLite) keeps two orders from taking the same number.
 */
const counterUpsert = (db: Db, tenantId: number, newSecret: string) =>
  db
    .insertInto('order_counters')
    .values({ tenant_id: tenantId, last_number: 1001, link_secret: newSecret })
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet((eb) => ({ last_number: eb('order_counters.last_number', '+', 1) })),
    )
    .returning(['last_number', 'link_secret']);
const takeNumber = precompiled(counterUpsert);
/** The idempotency key names the order it made, so a retry answers that order. */
const linkKeyRow = (db: Db, tenantId: number, ownerKey: string, keyHash: string, orderId: number) =>
  db
    .updateTable('order_idempotency_keys')
    .set({ order_id: orderId })
    .where('tenant_id', '=', tenantId)
    .where('owner_key', '=', ownerKey)
    .where('key_hash', '=', keyHash);
const linkKey = precompiled(linkKeyRow);
/** What the placing transaction writes beside the settlement: the key's link and the first status. */
type KeyAndHistory = { owner_key: string; key_hash: string; history_at: string };
/**
 * PostgreSQL: the number taken and the order settled with it in one statement, the transaction's
 * last before its commit, so the counter's row lock that serialises a tenant's orders is held for
 * one round trip (decision 063); the first status and the key's link ride on it (decision 073).
 * SQLite cannot put an insert in a `with`, and needs no such thing: its write transaction
 * serialises whole orders anyway.
 */
const takeNumberAndSettle = precompiledRecord(
  [...inputFields, 'new_secret', 'owner_key', 'key_hash', 'history_at'],
  (db: Db, s: SettlementInput & { new_secret: string } & KeyAndHistory) =>
    db
      .with('taken', (w) => counterUpsert(w as unknown as Db, s.tenant_id, s.new_secret))
      .with('first_status', (w) =>
        w
          .insertInto('order_status_history')
          .values({ tenant_id: s.tenant_id, order_id: s.id, status: s.status, note: null, created_at: s.history_at }),
      )
      .with('key_link', (w) => linkKeyRow(w as unknown as Db, s.tenant_id, s.owner_key, s.key_hash, s.id))
      .updateTable('orders')
      .from('taken')
      .set((eb) => settledColumns(sql<string>`cast(${eb.ref('taken.last_number')} as text)`, s))
      .where('orders.tenant_id', '=', s.tenant_id)
      .where('orders.id', '=', s.id)
      .returning(['taken.last_number', 'taken.link_secret']),
);
const insertHistory = precompiled(
  (db: Db, tenantId: number, orderId: number, status: OrderStatusValue, note: string | null, createdAt: string) =>
    db
      .insertInto('order_status_history')
      .values({ tenant_id: tenantId, order_id: orderId, status, note, created_at: createdAt }),
);
const restaurantOf = precompiled((db: Db, tenantId: number, id: number) =>
  db
    .selectFrom('restaurants')
    // The slot claim and delivery quote take this row too (latitude, longitude, country).
    .select([
      'id',
      'name',
      'phone',
      'street_name',
      'suburb',
      'city',
      'timezone',
      'status',
      'latitude',
      'longitude',
      'country',
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id),
);

/**
 * The order's number, status and money once its payment split is known: the transaction's last
 * write (decision 063). `link.hash` makes the access token's hash from the tenant's link secret;
 * `link.known` is that secret as this process last saw it committed, `link.candidate` the one a
 * tenant's first order makes. On PostgreSQL the hash is made from the known secret (or the
 * candidate) before the number is taken; in the rare case the counter answers another secret
 * (two first orders at once) the order is settled again with the right one. `last`: nothing follows
 * in the transaction, so on PostgreSQL, with the secret known (a tenant's never changes), the
 * commit is sent behind the number and the counter's row is locked for no round trip (decision 079).
 */
async function settleNumbered(
  trx: Transaction<Database>,
  order: Pick<OrderRow, 'tenant_id' | 'id'>,
  s: Omit<OrderSettlement, 'access_token_hash'>,
  link: { known: string | undefined; candidate: string; hash: (secret: string) => string },
  closing: KeyAndHistory,
  last = false,
) {
  const exec = trx as Db;
  const input = (hash: string): SettlementInput => ({
    tenant_id: order.tenant_id,
    id: order.id,
    ...s,
    access_token_hash: hash,
  });
  const settleWith = (orderNumber: string, hash: string) =>
    settleOrder(exec, { ...input(hash), order_number: orderNumber });
  let taken: { last_number: number; link_secret: string } | undefined;
  let hash: string;
  if (isPostgres(exec)) {
    const secret = link.known ?? link.candidate;
    hash = link.hash(secret);
    const take = (on: Db) => takeNumberAndSettle(on, { ...input(hash), new_secret: link.candidate, ...closing });
    [taken] = await (last && link.known !== undefined ? withCommitBehind(trx, take) : take(exec));
    if (!taken) throw new Error(`order ${order.id} not settled`);
    if (taken.link_secret !== secret) {
      hash = link.hash(taken.link_secret);
      await settleWith(String(taken.last_number), hash);
    }
  } else {
    await insertHistory(exec, order.tenant_id, order.id, s.status, null, closing.history_at);
    await linkKey(exec, order.tenant_id, closing.owner_key, closing.key_hash, order.id);
    [taken] = await takeNumber(exec, order.tenant_id, link.candidate);
    if (!taken) throw new Error(`no order counter for tenant ${order.tenant_id}`);
    hash = link.hash(taken.link_secret);
    await settleWith(String(taken.last_number), hash);
  }
  return { order_number: String(taken.last_number), access_token_hash: hash };
}

export function orderRepository(db: Db) {
  return {
    transaction: <T>(fn: (trx: Transaction<Database>) => Promise<T>) => db.transaction().execute(fn),

    find: (exec: Executor, tenantId: number, id: number) =>
      exec.selectFrom('orders').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst(),

    /** Any tenant's order by id: only for callers that then prove access (a link token). */
    findAnyTenant: (id: number) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst(),

    findByPayment: (tenantId: number, provider: string, paymentId: string) =>
      db
        .selectFrom('orders')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('payment_provider', '=', provider as OrdersTable['payment_provider'])
        .where('payment_id', '=', paymentId)
        .executeTakeFirst(),

    /** Any tenant's order by its card payment: only for callers that then prove access. */
    findByPaymentId: (paymentId: string) =>
      db.selectFrom('orders').selectAll().where('payment_id', '=', paymentId).executeTakeFirst(),

    history: (exec: Executor, order: Pick<OrderRow, 'tenant_id' | 'id'>) =>
      exec
        .selectFrom('order_status_history')
        .select(['status', 'note', 'created_at'])
        .where('tenant_id', '=', order.tenant_id)
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute(),

    restaurant: async (exec: Executor, tenantId: number, id: number) =>
      (await restaurantOf(exec as Db, tenantId, id))[0],

    async insert(trx: Executor, row: OrderDraft) {
      const [inserted] = await insertDraft(trx as Db, row);
      if (!inserted) throw new Error('order insert returned no row');
      return inserted;
    },

    settle: settleNumbered,

    async addHistory(
      trx: Executor,
      row: { tenant_id: number; order_id: number; status: OrderStatusValue; note: string | null; created_at: string },
    ) {
      await insertHistory(trx as Db, row.tenant_id, row.order_id, row.status, row.note, row.created_at);
    },

    /**
     * Moves the order only if it is still in `from`: the caller that changed it gets true, once.
     * `handledBy` records who handled it (decision 047) in the same statement: the first move
     * forward sets it, and no later or concurrent move overwrites it.
     */
    async move(
      trx: Executor,
      order: Pick<OrderRow, 'tenant_id' | 'id'>,
      from: OrderStatusValue,
      set: Updateable<OrdersTable>,
      handledBy?: number,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('orders')
        .set((eb) =>
          handledBy === undefined
            ? set
            : { ...set, handled_by_user_id: eb.fn.coalesce('handled_by_user_id', eb.val(handledBy)) },
        )
        .where('tenant_id', '=', order.tenant_id)
        .where('id', '=', order.id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The names of the back-office users who handled orders (decision 047), by id. */
    handlers: async (exec: Executor, tenantId: number, userIds: readonly number[]) =>
      userIds.length === 0
        ? []
        : exec
            .selectFrom('users')
            .select(['id', 'name'])
            .where('tenant_id', '=', tenantId)
            .where('id', 'in', userIds)
            .execute(),

    /** Sets the payment status only from one of `from` (paid → refunded happens once). */
    async movePayment(
      exec: Executor,
      order: Pick<OrderRow, 'tenant_id' | 'id'>,
      from: PaymentStatusValue[],
      set: Updateable<OrdersTable>,
    ): Promise<boolean> {
      const result = await exec
        .updateTable('orders')
        .set(set)
        .where('tenant_id', '=', order.tenant_id)
        .where('id', '=', order.id)
        .where('payment_status', 'in', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async update(exec: Executor, order: Pick<OrderRow, 'tenant_id' | 'id'>, set: Updateable<OrdersTable>) {
      await exec
        .updateTable('orders')
        .set(set)
        .where('tenant_id', '=', order.tenant_id)
        .where('id', '=', order.id)
        .execute();
    },

    /** Marks the reservations given back; true only for the first caller. */
    async markReleased(trx: Executor, order: Pick<OrderRow, 'tenant_id' | 'id'>, at: string) {
      const result = await trx
        .updateTable('orders')
        .set({ released_at: at })
        .where('tenant_id', '=', order.tenant_id)
        .where('id', '=', order.id)
        .where('released_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Card orders whose payment was started before `before` and never finished. */
    abandoned: (before: string, limit = 100) =>
      db
        .selectFrom('orders')
        .selectAll()
        .where('status', '=', 'pending_payment')
        .where('created_at', '<', before)
        .orderBy('id')
        .limit(limit)
        .execute(),
  };
}

export type OrderRepository = ReturnType<typeof orderRepository>;
