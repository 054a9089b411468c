import { acceptedReadyAt, canMoveOrderFor, type OrderStatusChangeBody, type StaffOrder } from '@orderfront/core';
import type { OrderRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import * as giftCardCheckout from '../gift-cards/checkout.js';
import type { OrderContext } from './context.js';
import { orderListRepository, type StaffOrderFilter } from './list-repository.js';
import type { OrderNotices } from './notices.js';
import type { PaymentLifecycle } from './payment-lifecycle.js';
import type { OrderRefunds } from './refunds.js';
import type { OrderViews } from './views.js';

/** The kitchen's side (decision 017): list, read and move orders of the staff member's own business. */
export function staffActions(
  { db, repo, now }: OrderContext,
  { views }: OrderViews,
  { announce }: OrderNotices,
  { cancel }: PaymentLifecycle,
  { refund }: OrderRefunds,
) {
  /** Orders as the back office sees them: with the name of who handled each (decision 047). */
  async function staffViews(rows: OrderRow[]): Promise<StaffOrder[]> {
    const first = rows[0];
    if (!first) return [];
    const ids = [...new Set(rows.flatMap((r) => (r.handled_by_user_id === null ? [] : [r.handled_by_user_id])))];
    const [orders, handlers] = await Promise.all([views(rows), repo.handlers(db, first.tenant_id, ids)]);
    const byId = new Map(handlers.map((h) => [h.id, h]));
    const handlerOf = new Map(rows.map((r) => [r.id, byId.get(r.handled_by_user_id ?? 0) ?? null]));
    return orders.map((order) => ({ ...order, handled_by: handlerOf.get(order.id) ?? null }));
  }
  const staffView = async (row: OrderRow) => (await staffViews([row]))[0] as StaffOrder;

  async function staffList(tenantId: number, filter: StaffOrderFilter, page: number, perPage: number) {
    const { rows, total } = await orderListRepository(db).listForStaff(tenantId, filter, page, perPage);
    return { items: await staffViews(rows), page, per_page: perPage, total };
  }

  /** PATCH /admin/orders/:id/status: only legal moves; cancel and refund give the money back once. */
  async function changeStatus(
    staff: { tenantId: number; userId: number },
    id: number,
    change: OrderStatusChangeBody,
    assertManages: (restaurantId: number) => Promise<unknown> = async () => undefined,
  ) {
    const row = await repo.findAnyTenant(id);
    if (!row) throw new AppError('not_found', 'Order not found');
    if (row.tenant_id !== staff.tenantId) throw new AppError('forbidden', 'This order belongs to another business');
    await assertManages(row.restaurant_id);
    const to = change.status;
    if (to === 'placed' || !canMoveOrderFor(row.method, row.status, to)) {
      throw new AppError(
        'conflict',
        `An order that is ${row.status.replace(/_/g, ' ')} cannot move to ${to.replace(/_/g, ' ')}`,
        {
          status: 'Not a legal move from the current status',
        },
      );
    }
    if (to === 'cancelled') {
      if (row.payment_status === 'paid') await refund(row);
      const reason = change.reason ?? 'Cancelled by the restaurant';
      if (
        !(await cancel(
          { ...row, payment_status: row.payment_status === 'paid' ? 'refunded' : row.payment_status },
          reason,
          row.status,
        ))
      ) {
        throw new AppError('conflict', 'The order changed meanwhile; reload it');
      }
    } else {
      if (to === 'refunded') await refund(row);
      const at = now();
      const ready = to === 'accepted' && change.prep_minutes ? acceptedReadyAt(at, change.prep_minutes, row) : null;
      const readyAt = ready?.readyAt;
      const note = ready ? ready.note : (change.reason ?? null);
      const moved = await repo.transaction(async (trx) => {
        const ok = await repo.move(
          trx,
          row,
          row.status,
          {
            status: to,
            ...(readyAt ? { ready_at: readyAt } : {}),
            ...(to === 'completed' && row.payment_method === 'cash_on_delivery'
              ? { payment_status: 'paid' as const }
              : {}),
            updated_at: at.toISOString(),
          },
          // A refund is not handling the order (decision 047): only moves forward record who did.
          to === 'refunded' ? undefined : staff.userId,
        );
        if (ok) {
          await repo.addHistory(trx, {
            tenant_id: row.tenant_id,
            order_id: row.id,
            status: to,
            note,
            created_at: at.toISOString(),
          });
          if (to === 'completed') {
            await giftCardCheckout.earnForOrder(trx, {
              tenantId: row.tenant_id,
              userId: row.user_id,
              orderId: row.id,
              orderNumber: row.order_number,
              spentCents: row.total_cents,
              now: at,
            });
          }
        }
        return ok;
      });
      if (!moved) throw new AppError('conflict', 'The order changed meanwhile; reload it');
      await announce(row.id, row.tenant_id, 'status');
    }
    return staffView((await repo.find(db, row.tenant_id, row.id)) ?? row);
  }

  /** A staff member's view of one order (tenant-checked like changeStatus). */
  async function staffGet(
    staffTenantId: number,
    id: number,
    assertManages: (restaurantId: number) => Promise<unknown> = async () => undefined,
  ) {
    const row = await repo.findAnyTenant(id);
    if (!row) throw new AppError('not_found', 'Order not found');
    if (row.tenant_id !== staffTenantId) throw new AppError('forbidden', 'This order belongs to another business');
    await assertManages(row.restaurant_id);
    return staffView(row);
  }

  return { staffList, staffGet, changeStatus };
}
