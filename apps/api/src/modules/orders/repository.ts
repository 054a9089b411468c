import type { Insertable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, OrderRow, OrderStatusValue, OrdersTable, PaymentStatusValue } from '../../db/schema.js';
import type { CustomerOwner } from '../../lib/owner.js';

export type Executor = Db | Transaction<Database>;

/** The order's owner: a registered user or a guest of the tenant. */
export type OrderOwner = CustomerOwner;

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

    restaurant: (exec: Executor, tenantId: number, id: number) =>
      exec
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
        .where('id', '=', id)
        .executeTakeFirst(),

    async insert(trx: Executor, row: Insertable<OrdersTable>) {
      return trx.insertInto('orders').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async addHistory(
      trx: Executor,
      row: { tenant_id: number; order_id: number; status: OrderStatusValue; note: string | null; created_at: string },
    ) {
      await trx.insertInto('order_status_history').values(row).execute();
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
