import type { Order } from '@orderfront/core';
import { runtimeConfig } from '@/config/runtime';

/** When the order is for, in the restaurant's timezone ('ASAP' orders say so). */
export function orderTimeText(order: Order): string | null {
  if (order.method === 'dine_in') return null;
  const zone = order.restaurant.timezone;
  const at = order.scheduled_for;
  const format = (options: Intl.DateTimeFormatOptions) =>
    at ? new Intl.DateTimeFormat(runtimeConfig.tenant.locale, { ...options, timeZone: zone }).format(new Date(at)) : '';
  if (order.pickup_time === 'asap') {
    return at ? `As soon as possible (about ${format({ hour: 'numeric', minute: '2-digit' })})` : 'As soon as possible';
  }
  if (at) return format({ weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' });
  return [order.pickup_date, order.pickup_time].filter(Boolean).join(' ');
}

export function methodText(method: Order['method']): string {
  return method === 'pickup' ? 'Pickup' : method === 'delivery' ? 'Delivery' : 'Dine-in';
}

export function placedAtText(order: Order): string {
  return new Intl.DateTimeFormat(runtimeConfig.tenant.locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: order.restaurant.timezone,
  }).format(new Date(order.created_at));
}

/** How the order is paid: the gift card, then card or cash for what it left. */
export function paymentText(order: Order): string {
  const giftCard = order.totals.gift_card > 0;
  if (giftCard && order.totals.amount_due === 0) return 'Gift card';
  const rest =
    order.payment_method === 'cash_on_delivery'
      ? order.method === 'delivery'
        ? 'Cash on delivery'
        : 'Pay at the counter'
      : `Card (${{ unpaid: 'not paid', pending: 'pending', paid: 'paid', failed: 'failed', refunded: 'refunded' }[order.payment_status]})`;
  return giftCard ? `Gift card and ${rest.charAt(0).toLowerCase()}${rest.slice(1)}` : rest;
}
