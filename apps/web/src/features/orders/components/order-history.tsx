import type { Order } from '@orderfront/core';
import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { cardClass, linkClass, secondaryButton } from '@/components/ui/styles';
import { apiMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { useOrderHistory } from '../api/get-order-history';
import { type ReorderResult, reorder } from '../api/reorder';
import { methodText, placedAtText } from '../lib/format';
import { statusLabel } from '../lib/status';
import { InvoiceButton } from './invoice-button';

function OrderRow({ order, onReordered }: { order: Order; onReordered(result: ReorderResult): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const path = order.method === 'dine_in' ? '/dine-in/order/confirmation' : '/order-confirmation';
  async function again() {
    setBusy(true);
    setError(null);
    try {
      onReordered(await reorder(order.id));
    } catch (e) {
      setError(apiMessage(e, 'Could not add this order to your cart.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className={`${cardClass} flex flex-wrap items-center justify-between gap-3`} data-testid="order-row">
      <div className="flex flex-col gap-1">
        <h2 className="font-bold text-lg">
          <Link to={`${path}/${order.id}`} className={linkClass}>
            Order #{order.order_number}
          </Link>
        </h2>
        <p className="text-sm text-stone-700">
          {placedAtText(order)} · {methodText(order.method)} · {order.totals.item_count}{' '}
          {order.totals.item_count === 1 ? 'item' : 'items'}
        </p>
        <p className="text-sm">
          <span className="font-medium">{statusLabel(order.status, order.method)}</span> ·{' '}
          {formatMoney(order.totals.total, order.currency)}
        </p>
        {error && (
          <p role="alert" className="text-red-700 text-sm">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-2">
        <InvoiceButton order={order} />
        <button
          type="button"
          onClick={again}
          disabled={busy}
          aria-label={`Reorder order #${order.order_number}`}
          className={secondaryButton}
        >
          {busy ? 'Adding…' : 'Reorder'}
        </button>
      </div>
    </li>
  );
}

/** The signed-in user's orders, newest first, each with its status, total and a reorder button. */
export function OrderHistory({ userId, onReordered }: { userId: number; onReordered(result: ReorderResult): void }) {
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useOrderHistory(userId);
  if (isPending) return <p className="text-stone-700">Loading your orders…</p>;
  if (isError) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-red-700">We could not load your orders.</p>
        <button type="button" onClick={() => refetch()} className="self-start font-medium text-primary underline">
          Try Again
        </button>
      </div>
    );
  }
  const orders = data.pages.flatMap((p) => p.items);
  if (!orders.length) {
    return (
      <p className="text-stone-700">
        You have no orders yet.{' '}
        <Link to="/menu" className={linkClass}>
          See the menu
        </Link>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3" aria-label="Your orders">
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} onReordered={onReordered} />
        ))}
      </ul>
      {hasNextPage && (
        <button
          type="button"
          onClick={() => fetchNextPage()}
          disabled={isFetchingNextPage}
          className={`${secondaryButton} self-start`}
        >
          {isFetchingNextPage ? 'Loading…' : 'Show more orders'}
        </button>
      )}
    </div>
  );
}
