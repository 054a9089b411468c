import type { Order } from '@orderfront/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { cardClass } from '@/components/ui/styles';
import { TaxRow } from '@/components/ui/tax-row';
import { runtimeConfig } from '@/config/runtime';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { useOrderLink } from '../api/exchange-order-link';
import { useOrder } from '../api/get-order';
import { useOrderEvents } from '../hooks/use-order-events';
import { methodText, orderTimeText, paymentText } from '../lib/format';
import { statusLabel } from '../lib/status';
import { InvoiceButton } from './invoice-button';
import { StatusTimeline } from './status-timeline';

/** What paid the order, by what, and what is still to pay (only when something is). */
function paymentRows(order: Order, money: (cents: number) => string): [string, string][] {
  const t = order.totals;
  const rows: [string, string][] = [];
  if (t.gift_card > 0) rows.push(['Paid by gift card', money(t.gift_card)]);
  if (t.amount_due === 0) return rows;
  const cash = order.payment_method === 'cash_on_delivery';
  if (order.payment_status === 'paid') rows.push([cash ? 'Paid in cash' : 'Paid by card', money(t.amount_due)]);
  else if (order.payment_status === 'refunded') rows.push(['Refunded to card', money(t.amount_due)]);
  else rows.push([cash ? 'To pay in cash' : 'Left to pay by card', money(t.amount_due)]);
  return rows;
}

function Totals({ order }: { order: Order }) {
  const money = (cents: number) => formatMoney(cents, order.currency);
  const t = order.totals;
  const rows: [string, string][] = [['Subtotal', money(t.subtotal)]];
  if (t.discount > 0) rows.push(['Discount', `−${money(t.discount)}`]);
  if (t.surcharge > 0) rows.push(['Cash surcharge', money(t.surcharge)]);
  if (order.method === 'delivery') rows.push(['Delivery', t.delivery > 0 ? money(t.delivery) : 'Free']);
  if (t.loyalty > 0) rows.push(['Loyalty points', `−${money(t.loyalty)}`]);
  // Inclusive (GST-style) tax is part of the prices: the rows above already add up to the total.
  const included = t.subtotal - t.discount + t.surcharge + t.delivery - t.loyalty === t.total;
  const payments = paymentRows(order, money);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-stone-200 border-t pt-3 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt>{label}</dt>
          <dd className="text-right">{value}</dd>
        </div>
      ))}
      {!included && <TaxRow amount={money(t.tax)} included={false} testId="order-tax" />}
      <dt className="font-bold text-base">Total</dt>
      <dd className="text-right font-bold text-base" data-testid="order-total">
        {money(t.total)}
      </dd>
      {included && <TaxRow amount={money(t.tax)} included testId="order-tax" />}
      {t.tip > 0 && (
        <div className="contents" data-testid="order-tip">
          <dt>Tip</dt>
          <dd className="text-right">{money(t.tip)}</dd>
        </div>
      )}
      {payments.map(([label, value]) => (
        <div key={label} className="contents" data-testid="order-payment">
          <dt className="mt-1">{label}</dt>
          <dd className="mt-1 text-right">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-stone-600 text-sm">{label}</dt>
      <dd className="text-stone-900">{children}</dd>
    </div>
  );
}

/**
 * An order's confirmation: its lines, totals, method and time, and its status kept live. A mailed
 * link's `linkToken` is exchanged first; `onLinkUsed` then takes it out of the address.
 */
export function OrderConfirmation({
  orderId,
  linkToken,
  onLinkUsed,
}: {
  orderId: number;
  linkToken: string | null;
  onLinkUsed: () => void;
}) {
  const ready = useOrderLink(orderId, linkToken, onLinkUsed);
  const { data: order, isPending, error, refetch } = useOrder(orderId, ready);
  useOrderEvents(orderId, Boolean(order));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(order);
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);

  if (isPending) return <p className="mx-auto max-w-3xl px-4 py-16 text-stone-700">Loading your order…</p>;
  if (!order) {
    const notFound =
      error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 401);
    return (
      <section className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-16">
        <h1 className="font-extrabold text-3xl">{notFound ? 'Order not found' : 'Something went wrong'}</h1>
        <p className="text-stone-700">
          {notFound
            ? 'We could not find this order. Check the link in your confirmation email.'
            : 'We could not load your order.'}
        </p>
        {!notFound && (
          <button type="button" onClick={() => refetch()} className="self-start font-medium text-primary underline">
            Try Again
          </button>
        )}
      </section>
    );
  }

  const time = orderTimeText(order);
  const address = order.delivery_address;
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 ref={headingRef} tabIndex={-1} className="font-extrabold text-3xl focus:outline-none">
          Order #{order.order_number}
        </h1>
        <p className="text-lg" role="status" aria-live="polite" aria-atomic="true">
          Status: <strong data-testid="order-status">{statusLabel(order.status, order.method)}</strong>
        </p>
        {order.status === 'pending_payment' && (
          <p className="text-stone-700">We will start on your order once the payment is confirmed.</p>
        )}
        <div className="self-start">
          <InvoiceButton order={order} />
        </div>
        {order.status === 'cancelled' && order.status_history.at(-1)?.note && (
          <p className="text-stone-700">{order.status_history.at(-1)?.note}</p>
        )}
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-6">
          <section aria-labelledby="order-items-title" className={`${cardClass} flex flex-col gap-3`}>
            <h2 id="order-items-title" className="font-bold text-xl">
              Items
            </h2>
            <ul className="flex flex-col gap-2">
              {order.lines.map((line) => (
                <li key={line.id} className="flex justify-between gap-3" data-testid="order-line">
                  <div>
                    <p className="font-medium">
                      {line.quantity} × {line.name}
                    </p>
                    {line.tax_class === 'gst_free' && (
                      <p className="text-sm text-stone-600" data-testid="order-line-tax-free">
                        {runtimeConfig.tenant.taxName}-free
                      </p>
                    )}
                    {line.details.length > 0 && <p className="text-sm text-stone-600">{line.details.join(' · ')}</p>}
                    {line.notes && <p className="text-sm text-stone-600">Note: {line.notes}</p>}
                  </div>
                  <p className="shrink-0">{formatMoney(line.discounted_item_total, order.currency)}</p>
                </li>
              ))}
            </ul>
            <Totals order={order} />
          </section>
          <section aria-labelledby="order-details-title" className={cardClass}>
            <h2 id="order-details-title" className="mb-3 font-bold text-xl">
              Details
            </h2>
            <dl className="grid gap-3 sm:grid-cols-2">
              <Detail label="Method">{methodText(order.method)}</Detail>
              {time && <Detail label={order.method === 'delivery' ? 'Delivery time' : 'Pickup time'}>{time}</Detail>}
              {order.table_id && <Detail label="Table">{order.table_id}</Detail>}
              <Detail label="Restaurant">
                {order.restaurant.name}
                <br />
                {[order.restaurant.street_name, order.restaurant.city].filter(Boolean).join(', ')}
              </Detail>
              {address && (
                <Detail label="Delivery address">
                  {address.formatted_address}, {address.suburb} {address.postcode}
                </Detail>
              )}
              <Detail label="Payment">{paymentText(order)}</Detail>
              {order.special_instructions && <Detail label="Special instructions">{order.special_instructions}</Detail>}
            </dl>
          </section>
        </div>
        <section aria-labelledby="order-progress-title" className={cardClass}>
          <h2 id="order-progress-title" className="mb-3 font-bold text-xl">
            Progress
          </h2>
          <StatusTimeline order={order} />
        </section>
      </div>
    </section>
  );
}
