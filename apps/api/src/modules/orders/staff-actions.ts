import { acceptedReadyAt, canMoveOrderFor, type OrderStatusChangeBody } from '@orderfront/core';
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
  { view, views }: OrderViews,
  { announce }: OrderNotices,
  { cancel }: PaymentLifecycle,
  { refund }: OrderRefunds,
) {
  async function staffList(tenantId: number, filter: StaffOrderFilter, page: number, perPage: number) {
    const { rows, total } = await orderListRepository(db).listForStaff(tenantId, filter, page, perPage);
    return { items: await views(rows), page, per_page: perPage, total };
  }

  /** PATCH /admin/orders/:id/status: only legal moves; cancel and refund give the money back once. */
  async function changeStatus(
    staffTenantId: number,
    id: number,
    change: OrderStatusChangeBody,
    assertManages: (restaurantId: number) => Promise<unknown> = async () => undefined,
  ) {
    const row = await repo.findAnyTenant(id);
    if (!row) throw new AppError('not_found', 'Order not found');
    if (row.tenant_id !== staffTenantId) throw new AppError('forbidden', 'This order belongs to another business');
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
        const ok = await repo.move(trx, row, row.status, {
          status: to,
          ...(readyAt ? { ready_at: readyAt } : {}),
          ...(to === 'completed' && row.payment_method === 'cash_on_delivery'
            ? { payment_status: 'paid' as const }
            : {}),
          updated_at: at.toISOString(),
        });
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
    return view((await repo.find(db, row.tenant_id, row.id)) ?? row);
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
    return view(row);
  }

  return { staffList, staffGet, changeStatus };
}
