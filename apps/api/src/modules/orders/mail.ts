import { formatAbn, formatCents, type Order } from '@orderfront/core';
import { escapeHtml } from '../../lib/html.js';

export interface OrderMailContext {
  locale: string;
  /** Where the customer follows the order (a guest's includes the access token). */
  link: string;
  /** The business as its settings name it (decision 037); absent, the restaurant speaks alone. */
  business?: { name: string; legalName: string | null; abn: string | null; taxName: string };
}

/** "Bella Nonna Pty Ltd · ABN 51 824 753 556": who issued the order's tax invoice. */
function issuer(business: OrderMailContext['business']): string | null {
  if (!business) return null;
  const name = business.legalName || business.name;
  return business.abn ? `${name} · ABN ${formatAbn(business.abn)}` : name;
}

/** Building a formatter costs more than the rest of the mail: one per locale and timezone (decision 034). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(locale: string, timeZone: string) {
  const key = `${locale}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: 'numeric',
      minute: '2-digit',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A slot's time as the mail says it, kept: formatting costs more than the rest of the text, and a
 * kitchen's orders share a few slots (decision 063). Bounded like the other per-process caches.
 */
const slotTimes = new Map<string, string>();
function slotTime(locale: string, timeZone: string, instant: string) {
  const key = `${locale}|${timeZone}|${instant}`;
  let time = slotTimes.get(key);
  if (time === undefined) {
    time = formatterFor(locale, timeZone).format(new Date(instant));
    if (slotTimes.size >= 4096) slotTimes.clear();
    slotTimes.set(key, time);
  }
  return time;
}

function when(order: Order, locale: string): string | null {
  if (order.method === 'dine_in') return order.table_id ? `Table ${order.table_id}` : null;
  if (!order.scheduled_for) return null;
  const time = slotTime(locale, order.restaurant.timezone, order.scheduled_for);
  return order.pickup_time === 'asap' ? `As soon as possible (about ${time})` : time;
}

const methodLabel = { pickup: 'Pickup', delivery: 'Delivery', dine_in: 'Dine-in' } as const;

/** The order confirmation: lines, totals, when and where, and the link to follow it live. */
export function confirmationMail(order: Order, ctx: OrderMailContext) {
  const m = (cents: number) => formatCents(cents, order.currency, ctx.locale);
  const at = when(order, ctx.locale);
  const lines = order.lines.map((l) => `${l.quantity} × ${l.name}  ${m(l.discounted_item_total)}`);
  const totals = [
    `Subtotal: ${m(order.totals.subtotal)}`,
    ...(order.totals.discount ? [`Discount: -${m(order.totals.discount)}`] : []),
    ...(order.totals.delivery ? [`Delivery: ${m(order.totals.delivery)}`] : []),
    ...(order.totals.surcharge ? [`Surcharge: ${m(order.totals.surcharge)}`] : []),
    `Total: ${m(order.totals.total)}`,
    ...(order.totals.tax ? [`Includes ${ctx.business?.taxName ?? 'tax'} of ${m(order.totals.tax)}`] : []),
  ];
  const from = issuer(ctx.business);
  const paid =
    order.payment_method === 'card'
      ? 'Paid by card.'
      : order.method === 'delivery'
        ? 'Pay cash on delivery.'
        : 'Pay at the counter.';
  const text = [
    `Hi ${order.customer.name},`,
    '',
    `Thanks for your order at ${order.restaurant.name}. Order number: ${order.order_number}.`,
    `${methodLabel[order.method]}${at ? `: ${at}` : ''}`,
    ...(order.delivery_address ? [`Deliver to: ${order.delivery_address.formatted_address}`] : []),
    '',
    ...lines,
    '',
    ...totals,
    paid,
    '',
    `Follow your order: ${ctx.link}`,
    '',
    `${order.restaurant.name}, ${order.restaurant.street_name}, ${order.restaurant.city}, ${order.restaurant.phone}`,
    ...(from ? [from] : []),
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(order.customer.name)},</p><p>Thanks for your order at <strong>${escapeHtml(order.restaurant.name)}</strong>. Order number: <strong>${escapeHtml(order.order_number)}</strong>.</p><p>${escapeHtml(`${methodLabel[order.method]}${at ? `: ${at}` : ''}`)}</p><ul>${order.lines.map((l) => `<li>${l.quantity} × ${escapeHtml(l.name)}: ${escapeHtml(m(l.discounted_item_total))}</li>`).join('')}</ul><p>${totals.map(escapeHtml).join('<br>')}</p><p>${escapeHtml(paid)}</p><p><a href="${escapeHtml(ctx.link)}">Follow your order</a></p>${from ? `<p>${escapeHtml(from)}</p>` : ''}`;
  return { subject: `Order ${order.order_number} at ${order.restaurant.name} is confirmed`, text, html };
}

/** A status change the customer should hear about: accepted (ready time) or cancelled (reason). */
export function statusMail(order: Order, ctx: OrderMailContext) {
  const readyAt = order.ready_at
    ? new Intl.DateTimeFormat(ctx.locale, {
        timeZone: order.restaurant.timezone,
        hour: 'numeric',
        minute: '2-digit',
      }).format(new Date(order.ready_at))
    : null;
  const reason = order.status_history.at(-1)?.note ?? null;
  const body =
    order.status === 'accepted'
      ? `${order.restaurant.name} accepted your order ${order.order_number}.${readyAt ? ` It should be ready at about ${readyAt}.` : ''}`
      : `Your order ${order.order_number} at ${order.restaurant.name} was cancelled.${reason ? ` Reason: ${reason}` : ''}${order.payment_status === 'refunded' ? ' Your card payment has been refunded.' : ''}`;
  const subject =
    order.status === 'accepted'
      ? `Order ${order.order_number} accepted${readyAt ? `: ready at about ${readyAt}` : ''}`
      : `Order ${order.order_number} cancelled`;
  const text = [
    `Hi ${order.customer.name},`,
    '',
    body,
    '',
    `Follow your order: ${ctx.link}`,
    '',
    `${order.restaurant.name}, ${order.restaurant.phone}`,
  ].join('\n');
  return {
    subject,
    text,
    html: `<p>Hi ${escapeHtml(order.customer.name)},</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(ctx.link)}">Follow your order</a></p>`,
  };
}
