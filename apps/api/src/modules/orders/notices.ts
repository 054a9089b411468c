import type { Order } from '@orderfront/core';
import type { OrderRow, Tenant } from '../../db/schema.js';
import { tenantService } from '../tenants/service.js';
import type { OrderAccessCheck } from './access.js';
import type { OrderContext } from './context.js';
import type { OrderEvent } from './events.js';
import { invoiceHtml, invoiceOf, invoicePdf } from './invoice.js';
import { confirmationMail, statusMail } from './mail.js';
import type { OrderViews } from './views.js';

/** Telling others about a committed change: the live event bus, and mail for the moves customers care about. */
export function orderNotices(
  { deps, db, repo }: OrderContext,
  { view }: OrderViews,
  { accessToken }: OrderAccessCheck,
) {
  const { events } = deps;
  const tenants = tenantService(db);

  function linkFor(order: Order, token: string | null) {
    const path =
      order.method === 'dine_in' ? `/dine-in/order/confirmation/${order.id}` : `/order-confirmation/${order.id}`;
    const url = new URL(path, deps.config.publicBaseUrl);
    if (token) url.searchParams.set('token', token);
    return url.toString();
  }

  /** The confirmation carries the tax invoice: in its HTML and as a PDF attachment (decision 040). */
  function withInvoice(order: Order, tenant: Tenant | undefined, message: ReturnType<typeof confirmationMail>) {
    if (!tenant) return message;
    const invoice = invoiceOf(order, tenant);
    return {
      ...message,
      html: `${message.html}<hr>${invoiceHtml(invoice, tenant.locale)}`,
      attachments: [
        {
          filename: `tax-invoice-${order.order_number}.pdf`,
          contentType: 'application/pdf',
          render: () => invoicePdf(invoice, tenant.locale),
        },
      ],
    };
  }

  function mailContextOf(tenant: Tenant | undefined) {
    const business = tenant && {
      name: tenant.name,
      legalName: tenant.legal_name,
      abn: tenant.abn,
      taxName: tenant.tax_name,
    };
    return { locale: tenant?.locale ?? 'en-AU', ...(business ? { business } : {}) };
  }

  /** Mail is a courtesy: the order stands when the mail server is down, and the log says so. */
  async function mail(
    row: OrderRow,
    order: Order,
    kind: 'confirmation' | 'status',
    known?: { tenant?: Tenant | undefined; linkToken?: string },
  ) {
    try {
      const token = row.user_id === null ? (known?.linkToken ?? (await accessToken(row))) : null;
      const tenant = known?.tenant ?? (await tenants.byId(row.tenant_id));
      const ctx = { ...mailContextOf(tenant), link: linkFor(order, token) };
      const message =
        kind === 'confirmation' ? withInvoice(order, tenant, confirmationMail(order, ctx)) : statusMail(order, ctx);
      await deps.mailer.send({ tenantId: row.tenant_id, to: order.customer.email, ...message });
    } catch (err) {
      deps.log.error({ err, orderId: row.id }, 'order mail could not be sent');
    }
  }

  function publish(type: OrderEvent['type'], order: Order, row: OrderRow) {
    events.publish({
      type,
      tenantId: row.tenant_id,
      restaurantId: row.restaurant_id,
      orderId: row.id,
      orderNumber: row.order_number,
      method: row.method,
      status: order.status,
      ready_at: order.ready_at,
      status_history: order.status_history,
    });
  }

  /**
   * After a change committed: tell the listeners and, for the moves customers care about, mail.
   * `seen`: the row as committed and its view, when the caller already has them, and the tenant
   * row when it read one in the same transaction (a placed order's pricing), and the link token
   * when the caller made it (the placing transaction signs it for the row's hash).
   */
  async function announce(
    id: number,
    tenantId: number,
    type: OrderEvent['type'],
    seen?: { row: OrderRow; order: Order; tenant?: Tenant | undefined; linkToken?: string },
  ) {
    const row = seen?.row ?? (await repo.find(db, tenantId, id));
    if (!row) return;
    const order = seen?.order ?? (await view(row));
    publish(type, order, row);
    if (order.status === 'placed') await mail(row, order, 'confirmation', seen);
    else if (order.status === 'accepted' || order.status === 'cancelled') await mail(row, order, 'status');
  }

  return { announce };
}

export type OrderNotices = ReturnType<typeof orderNotices>;
