import { AppError } from '../../lib/errors.js';
import { cartService } from '../cart/service.js';
import { tenantService } from '../tenants/service.js';
import { orderAccess } from './access.js';
import { type OrderAccess, type OrderServiceDeps, orderContext } from './context.js';
import { invoiceOf, invoicePdf } from './invoice.js';
import { orderListRepository } from './list-repository.js';
import { orderNotices } from './notices.js';
import { paymentLifecycle } from './payment-lifecycle.js';
import { paymentUpdates } from './payment-updates.js';
import { placeOrder } from './place-order.js';
import { orderRefunds } from './refunds.js';
import type { OrderOwner } from './repository.js';
import { readSnapshot } from './snapshot.js';
import { staffActions } from './staff-actions.js';
import { orderViews } from './views.js';

/**
 * The order calls, composed from their parts: placing (place-order.ts), the card payment
 * (payment-lifecycle.ts, payment-updates.ts), the kitchen's (staff-actions.ts), and the
 * customer's own reads and actions below.
 */
export function orderService(deps: OrderServiceDeps) {
  const ctx = orderContext(deps);
  const { db, repo } = ctx;
  const views = orderViews(ctx);
  const access = orderAccess(ctx);
  const notices = orderNotices(ctx, views, access);
  const refunds = orderRefunds(ctx);
  const lifecycle = paymentLifecycle(ctx, notices, refunds);
  const { authorised } = access;
  const { view } = views;
  const cart = cartService(db, deps.log);

  async function get(id: number, caller: OrderAccess) {
    return view(await authorised(id, caller));
  }

  async function history(owner: { tenantId: number; user_id: number }, page: number, perPage: number) {
    const { rows, total } = await orderListRepository(db).listForUser(owner.tenantId, owner.user_id, page, perPage);
    return { items: await views.views(rows), page, per_page: perPage, total };
  }

  async function reorder(id: number, owner: OrderOwner) {
    const row = await authorised(id, { owner });
    const snapshot = readSnapshot(row);
    const lines = snapshot.lines.flatMap((line) => (line.source ? [{ ...line.source, name: line.name }] : []));
    const result = await cart.readd(owner, lines);
    const missing = snapshot.lines.filter((line) => !line.source).map((line) => line.name);
    return { added: result.added, skipped: [...result.skipped, ...missing] };
  }

  /** The customer gives up a card payment: only while it is pending. */
  async function cancelByCustomer(id: number, caller: OrderAccess) {
    const row = await authorised(id, caller);
    if (row.status !== 'pending_payment') {
      throw new AppError('conflict', 'This order can no longer be cancelled online. Please call the restaurant.');
    }
    // The move is conditional: of parallel cancels one does the work, the others are told so.
    if (!(await lifecycle.cancel(row, 'Cancelled by the customer', 'pending_payment'))) {
      throw new AppError('conflict', 'This order was cancelled or changed meanwhile; reload it');
    }
    return view((await repo.find(db, row.tenant_id, row.id)) ?? row);
  }

  /** The order's tax invoice as a PDF (decision 040): once the order is placed, for whoever may see it. */
  async function invoice(id: number, caller: OrderAccess) {
    const row = await authorised(id, caller);
    if (row.status === 'pending_payment') {
      throw new AppError('conflict', 'This order is not placed yet: its invoice comes once it is paid');
    }
    const tenant = await tenantService(db).byId(row.tenant_id);
    if (!tenant) throw new AppError('not_found', 'Order not found');
    const order = await view(row);
    return { number: order.order_number, pdf: await invoicePdf(invoiceOf(order, tenant), tenant.locale) };
  }

  return {
    ...placeOrder(ctx, views, access, notices, lifecycle, cart),
    get,
    exchange: access.exchange,
    signFor: access.signFor,
    history,
    reorder,
    cancelByCustomer,
    invoice,
    ...paymentUpdates(ctx, access, notices, lifecycle, refunds),
    ...staffActions(ctx, views, notices, lifecycle, refunds),
  };
}

export type OrderService = ReturnType<typeof orderService>;
