import {
  canMoveOrderFor,
  type FulfilmentMethodName,
  nextOrderStatuses,
  type OrderStatus,
  orderStatusChangeBodySchema,
  type StaffOrder,
} from '@orderfront/core';
import { useEffect, useId, useState } from 'react';
import { z } from 'zod';
import { Link } from '@/components/ui/link';
import { useZodForm } from '@/lib/forms';
import { formatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useChangeOrderStatus } from '../api/change-order-status';
import { type OrderFilters, useAdminOrders } from '../api/get-admin-orders';
import { useAdmin } from './admin-context';
import { useOrderFeed } from './order-feed';
import { Button, formatTime, inputClass, LabelledInput, MinutesSelect, Notice, PageTitle } from './ui';

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  placed: 'New',
  accepted: 'Accepted',
  preparing: 'Preparing',
  ready: 'Ready',
  out_for_delivery: 'Out for delivery',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export const methodLabels: Record<FulfilmentMethodName, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  dine_in: 'Dine-in',
};

const moveLabels: Partial<Record<OrderStatus, string>> = {
  preparing: 'Start preparing',
  ready: 'Mark ready',
  out_for_delivery: 'Out for delivery',
  completed: 'Complete',
  refunded: 'Refund',
};

const activeStatuses: readonly OrderStatus[] = ['placed', 'accepted', 'preparing', 'ready', 'out_for_delivery'];
const prepChoices = [10, 15, 20, 25, 30, 45, 60];

/** A rejection: cancelled, with the reason the customer reads (checked as the API checks it). */
const rejectBodySchema = orderStatusChangeBodySchema.required({ reason: true });
const rejectFormSchema = z
  .object({ reason: z.string() })
  .transform(({ reason }): z.input<typeof rejectBodySchema> => ({ status: 'cancelled', reason }))
  .pipe(rejectBodySchema);

function AcceptReject({ order }: { order: StaffOrder }) {
  const change = useChangeOrderStatus();
  const id = useId();
  const [prep, setPrep] = useState(20);
  const [rejecting, setRejecting] = useState(false);
  const reject = useZodForm(rejectFormSchema, { defaultValues: { reason: '' } });
  const onError = (e: Error) => toast.error('Not changed', { description: e.message });

  if (rejecting) {
    return (
      <form
        className="flex flex-wrap items-end gap-2"
        // A blank reason sends nothing: the field is required.
        onSubmit={reject.handleSubmit((body) => change.mutate({ id: order.id, body }, { onError }))}
      >
        <LabelledInput
          id={`${id}-reason`}
          label="Reason for the customer"
          maxLength={300}
          required
          {...reject.register('reason')}
        />
        <Button primary type="submit" disabled={change.isPending}>
          Reject order {order.order_number}
        </Button>
        <Button onClick={() => setRejecting(false)}>Keep it</Button>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap items-end gap-2">
      <MinutesSelect id={`${id}-prep`} label="Ready in" choices={prepChoices} value={prep} onChange={setPrep} />
      <Button
        primary
        disabled={change.isPending}
        onClick={() => change.mutate({ id: order.id, body: { status: 'accepted', prep_minutes: prep } }, { onError })}
      >
        Accept order {order.order_number}
      </Button>
      <Button disabled={change.isPending} onClick={() => setRejecting(true)}>
        Reject
      </Button>
    </div>
  );
}

function MoveButtons({ order }: { order: StaffOrder }) {
  const change = useChangeOrderStatus();
  const moves = nextOrderStatuses(order.status).filter(
    (to) => to !== 'cancelled' && to !== 'refunded' && canMoveOrderFor(order.method, order.status, to),
  );
  return (
    <div className="flex flex-wrap gap-2">
      {moves.map((to) => (
        <Button
          key={to}
          primary={to === 'ready' || to === 'completed'}
          disabled={change.isPending}
          // One name per order for screen readers (a hidden span would add a space in browsers).
          aria-label={`${moveLabels[to] ?? orderStatusLabels[to]}: order ${order.order_number}`}
          onClick={() =>
            change.mutate(
              { id: order.id, body: { status: to } },
              { onError: (e) => toast.error('Not changed', { description: e.message }) },
            )
          }
        >
          {moveLabels[to] ?? orderStatusLabels[to]}
        </Button>
      ))}
    </div>
  );
}

function OrderCard({ order }: { order: StaffOrder }) {
  const { restaurant } = useAdmin();
  const when =
    order.method === 'dine_in'
      ? `Table ${order.table_id ?? '?'}`
      : order.pickup_time === 'asap'
        ? 'ASAP'
        : order.scheduled_for
          ? formatTime(order.scheduled_for, restaurant.timezone)
          : '';
  return (
    <li>
      <article
        aria-label={`Order ${order.order_number}`}
        className={`rounded-md border bg-white p-3 ${order.status === 'placed' ? 'border-red-700 border-2' : 'border-stone-300'}`}
      >
        <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h2 className="font-bold text-lg">#{order.order_number}</h2>
          <span className="rounded bg-stone-200 px-2 py-0.5 font-semibold text-xs">
            {orderStatusLabels[order.status]}
          </span>
          <span className="text-sm">
            {methodLabels[order.method]} · {when}
          </span>
          <span className="ml-auto font-semibold">
            {formatMoney(order.totals.total, order.currency)}
            {order.totals.tip > 0 && ` + ${formatMoney(order.totals.tip, order.currency)} tip`}
          </span>
        </header>
        <p className="text-sm text-stone-700">
          {order.customer.name} · {order.customer.phone_no} · placed {formatTime(order.created_at, restaurant.timezone)}
          {order.ready_at && ` · ready ${formatTime(order.ready_at, restaurant.timezone)}`}
        </p>
        {order.handled_by && <p className="text-sm text-stone-700">Handled by {order.handled_by.name}</p>}
        <ul className="my-2 text-sm">
          {order.lines.map((line) => (
            <li key={line.id}>
              {line.quantity} × {line.name}
              {line.details.length > 0 && <span className="text-stone-700"> ({line.details.join(', ')})</span>}
            </li>
          ))}
        </ul>
        {order.special_instructions && <p className="mb-2 text-sm italic">Note: {order.special_instructions}</p>}
        <div className="flex flex-wrap items-end justify-between gap-2">
          {order.status === 'placed' ? <AcceptReject order={order} /> : <MoveButtons order={order} />}
          <Link to={`/admin/orders/${order.id}/ticket`} className="text-sm underline">
            Ticket #{order.order_number}
          </Link>
        </div>
      </article>
    </li>
  );
}

/** The live orders board: new orders arrive by themselves (the shell's feed), filters, moves. */
export function OrdersBoard() {
  const { restaurant } = useAdmin();
  const feed = useOrderFeed();
  const [status, setStatus] = useState<'active' | OrderStatus | 'all'>('active');
  const [method, setMethod] = useState<FulfilmentMethodName | 'all'>('all');
  const filters: OrderFilters = {
    ...(status !== 'active' && status !== 'all' && { status }),
    ...(method !== 'all' && { method }),
  };
  const { data, error, isPending } = useAdminOrders(restaurant.id, filters);
  const statusId = useId();
  const methodId = useId();
  const orders = (data?.items ?? []).filter((o) => status !== 'active' || activeStatuses.includes(o.status));

  // Looking at the board counts as having seen the new orders.
  const markSeen = feed?.markSeen;
  const unseen = feed?.unseen ?? 0;
  useEffect(() => {
    if (unseen > 0 && document.visibilityState === 'visible') markSeen?.();
  }, [unseen, markSeen]);

  return (
    <section>
      <PageTitle
        actions={
          feed && (
            <div className="flex items-center gap-3 text-sm">
              <span role="status">{feed.connected ? 'Live' : 'Connecting…'}</span>
              {feed.soundOn ? <span>Sound on</span> : <Button onClick={feed.turnSoundOn}>Turn on sound alerts</Button>}
            </div>
          )
        }
      >
        Orders
      </PageTitle>
      <div className="mb-4 flex flex-wrap gap-4">
        <label htmlFor={statusId} className="grid gap-1 text-sm">
          Status
          <select
            id={statusId}
            className={inputClass}
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
          >
            <option value="active">Open orders</option>
            <option value="all">All</option>
            {(Object.keys(orderStatusLabels) as OrderStatus[]).map((s) => (
              <option key={s} value={s}>
                {orderStatusLabels[s]}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={methodId} className="grid gap-1 text-sm">
          Method
          <select
            id={methodId}
            className={inputClass}
            value={method}
            onChange={(e) => setMethod(e.target.value as typeof method)}
          >
            <option value="all">All</option>
            {(Object.keys(methodLabels) as FulfilmentMethodName[]).map((m) => (
              <option key={m} value={m}>
                {methodLabels[m]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && <Notice tone="error">{error.message}</Notice>}
      {isPending && <p role="status">Loading…</p>}
      {data && orders.length === 0 && <p>No orders here yet. New ones appear by themselves.</p>}
      <ul className="grid gap-3 lg:grid-cols-2">
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </ul>
    </section>
  );
}
