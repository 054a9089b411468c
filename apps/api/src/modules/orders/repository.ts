import type { Insertable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { precompiled, precompiledInsert } from '../../db/precompiled.js';
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

// Placing an order runs these once each (decision 053): built and compiled once, not per order.
const insertDraft = precompiledInsert(draftColumns, (db: Db, row: OrderDraft) =>
  db.insertInto('orders').values(row).returningAll(),
);
const settleOrder = precompiled(
  (
    db: Db,
    tenantId: number,
    id: number,
    status: OrderStatusValue,
    paymentStatus: PaymentStatusValue,
    placedAt: string | null,
    total: number,
    giftCard: number,
    loyalty: number,
    amountDue: number,
    tip: number,
    tipTax: number,
    accessTokenHash: string,
  ) =>
    db
      .updateTable('orders')
      .set({
        status,
        payment_status: paymentStatus,
        placed_at: placedAt,
        total_cents: total,
        gift_card_cents: giftCard,
        loyalty_cents: loyalty,
        amount_due_cents: amountDue,
        tip_cents: tip,
        tip_tax_cents: tipTax,
        access_token_hash: accessTokenHash,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id),
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

    /** The order's status and money once its payment split is known, in the placing transaction. */
    async settle(trx: Executor, order: Pick<OrderRow, 'tenant_id' | 'id'>, s: OrderSettlement) {
      await settleOrder(
        trx as Db,
        order.tenant_id,
        order.id,
        s.status,
        s.payment_status,
        s.placed_at,
        s.total_cents,
        s.gift_card_cents,
        s.loyalty_cents,
        s.amount_due_cents,
        s.tip_cents,
        s.tip_tax_cents,
        s.access_token_hash,
      );
    },

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
