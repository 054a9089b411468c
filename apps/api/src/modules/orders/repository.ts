import { soldOrderStatuses } from '@storefront/core';
import type { Insertable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, OrderRow, OrderStatusValue, OrdersTable, PaymentStatusValue } from '../../db/schema.js';

export type Executor = Db | Transaction<Database>;

/** The order's owner: a registered user or a guest of the tenant. */
export type OrderOwner = { tenantId: number; user_id: number } | { tenantId: number; guest_id: number };

export const ownerKeyOf = (owner: OrderOwner) =>
  'user_id' in owner ? `user:${owner.user_id}` : `guest:${owner.guest_id}`;

/** How many orders the customer has placed (first-order coupons). */
export async function countCustomerOrders(exec: Executor, owner: OrderOwner) {
  let query = exec
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', owner.tenantId)
    .where('status', 'in', soldOrderStatuses);
  query =
    'user_id' in owner ? query.where('user_id', '=', owner.user_id) : query.where('guest_id', '=', owner.guest_id);
  return Number((await query.executeTakeFirstOrThrow()).n);
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

    history: (exec: Executor, orderId: number) =>
      exec
        .selectFrom('order_status_history')
        .select(['status', 'note', 'created_at'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute(),

    restaurant: (exec: Executor, tenantId: number, id: number) =>
      exec
        .selectFrom('restaurants')
        .select(['id', 'name', 'phone', 'street_name', 'suburb', 'city', 'timezone', 'status'])
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst(),

    findKey: (exec: Executor, tenantId: number, ownerKey: string, keyHash: string) =>
      exec
        .selectFrom('order_idempotency_keys')
        .select(['fingerprint', 'order_id'])
        .where('tenant_id', '=', tenantId)
        .where('owner_key', '=', ownerKey)
        .where('key_hash', '=', keyHash)
        .executeTakeFirst(),

    async insertKey(
      trx: Executor,
      row: { tenant_id: number; owner_key: string; key_hash: string; fingerprint: string; created_at: string },
    ) {
      await trx.insertInto('order_idempotency_keys').values(row).execute();
    },

    async linkKey(trx: Executor, tenantId: number, ownerKey: string, keyHash: string, orderId: number) {
      await trx
        .updateTable('order_idempotency_keys')
        .set({ order_id: orderId })
        .where('tenant_id', '=', tenantId)
        .where('owner_key', '=', ownerKey)
        .where('key_hash', '=', keyHash)
        .execute();
    },

    /** The tenant's next order number, and the secret that signs its order links. */
    async nextNumber(trx: Executor, tenantId: number, newSecret: string) {
      await trx
        .insertInto('order_counters')
        .values({ tenant_id: tenantId, last_number: 1000, link_secret: newSecret })
        .onConflict((oc) => oc.column('tenant_id').doNothing())
        .execute();
      return trx
        .updateTable('order_counters')
        .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
        .where('tenant_id', '=', tenantId)
        .returning(['last_number', 'link_secret'])
        .executeTakeFirstOrThrow();
    },

    linkSecret: async (tenantId: number) =>
      (await db.selectFrom('order_counters').select('link_secret').where('tenant_id', '=', tenantId).executeTakeFirst())
        ?.link_secret,

    async insert(trx: Executor, row: Insertable<OrdersTable>) {
      return trx.insertInto('orders').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async addHistory(
      trx: Executor,
      row: { tenant_id: number; order_id: number; status: OrderStatusValue; note: string | null; created_at: string },
    ) {
      await trx.insertInto('order_status_history').values(row).execute();
    },

    /** Moves the order only if it is still in `from`: the caller that changed it gets true, once. */
    async move(
      trx: Executor,
      order: Pick<OrderRow, 'tenant_id' | 'id'>,
      from: OrderStatusValue,
      set: Updateable<OrdersTable>,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('orders')
        .set(set)
        .where('tenant_id', '=', order.tenant_id)
        .where('id', '=', order.id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

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

    async listForUser(tenantId: number, userId: number, page: number, perPage: number) {
      const base = db
        .selectFrom('orders')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('status', '!=', 'pending_payment');
      const [rows, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    async listForStaff(
      tenantId: number,
      filter: {
        restaurant_id?: number | undefined;
        /** Only these restaurants (the ones the staff member manages). */
        restaurant_ids?: number[] | undefined;
        status?: OrderStatusValue | undefined;
        method?: string | undefined;
      },
      page: number,
      perPage: number,
    ) {
      let base = db.selectFrom('orders').where('tenant_id', '=', tenantId);
      if (filter.restaurant_id !== undefined) base = base.where('restaurant_id', '=', filter.restaurant_id);
      if (filter.restaurant_ids !== undefined) {
        if (filter.restaurant_ids.length === 0) return { rows: [], total: 0 };
        base = base.where('restaurant_id', 'in', filter.restaurant_ids);
      }
      // The kitchen never sees an order whose card payment has not gone through.
      base = filter.status ? base.where('status', '=', filter.status) : base.where('status', '!=', 'pending_payment');
      if (filter.method) base = base.where('method', '=', filter.method as OrdersTable['method']);
      const [rows, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    histories: async (orderIds: number[]) =>
      orderIds.length === 0
        ? []
        : db
            .selectFrom('order_status_history')
            .select(['order_id', 'status', 'note', 'created_at'])
            .where('order_id', 'in', orderIds)
            .orderBy('id')
            .execute(),

    restaurants: async (tenantId: number, ids: number[]) =>
      ids.length === 0
        ? []
        : db
            .selectFrom('restaurants')
            .select(['id', 'name', 'phone', 'street_name', 'suburb', 'city', 'timezone', 'status'])
            .where('tenant_id', '=', tenantId)
            .where('id', 'in', ids)
            .execute(),

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

    /** A provider event seen for the first time: true; a replay: false. */
    async recordEvent(row: {
      tenant_id: number;
      provider: string;
      event_id: string;
      type: string;
      payment_id: string;
      created_at: string;
    }) {
      const inserted = await db
        .insertInto('payment_events')
        .values(row)
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}

export type OrderRepository = ReturnType<typeof orderRepository>;
