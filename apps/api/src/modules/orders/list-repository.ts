import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, OrderStatusValue, OrdersTable } from '../../db/schema.js';

export interface StaffOrderFilter {
  restaurant_id?: number | undefined;
  /** Only these restaurants (the ones the staff member manages). */
  restaurant_ids?: number[] | undefined;
  status?: OrderStatusValue | undefined;
  method?: string | undefined;
}

type OrdersQuery = SelectQueryBuilder<Database, 'orders', object>;

/** One page of the orders `base` selects, newest first, with how many there are in all. */
async function pageOf(base: OrdersQuery, page: number, perPage: number) {
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
}

/** Pages of orders, and what their views need in one query each. */
export function orderListRepository(db: Db) {
  return {
    async listForUser(tenantId: number, userId: number, page: number, perPage: number) {
      const base = db
        .selectFrom('orders')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('status', '!=', 'pending_payment');
      return pageOf(base, page, perPage);
    },

    async listForStaff(tenantId: number, filter: StaffOrderFilter, page: number, perPage: number) {
      let base = db.selectFrom('orders').where('tenant_id', '=', tenantId);
      if (filter.restaurant_id !== undefined) base = base.where('restaurant_id', '=', filter.restaurant_id);
      if (filter.restaurant_ids !== undefined) {
        if (filter.restaurant_ids.length === 0) return { rows: [], total: 0 };
        base = base.where('restaurant_id', 'in', filter.restaurant_ids);
      }
      // The kitchen never sees an order whose card payment has not gone through.
      base = filter.status ? base.where('status', '=', filter.status) : base.where('status', '!=', 'pending_payment');
      if (filter.method) base = base.where('method', '=', filter.method as OrdersTable['method']);
      return pageOf(base, page, perPage);
    },

    histories: async (tenantId: number, orderIds: number[]) =>
      orderIds.length === 0
        ? []
        : db
            .selectFrom('order_status_history')
            .select(['order_id', 'status', 'note', 'created_at'])
            .where('tenant_id', '=', tenantId)
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
  };
}
