import { formatMoney } from '@/lib/money';
import { useAdminOrder } from '../api/get-admin-order';
import { useAdmin } from './admin-context';
import { methodLabels } from './orders-board';
import { Button, formatTime, Notice } from './ui';

/** A kitchen ticket: plain black on white, sized for an 80 mm receipt printer when printed. */
export function OrderTicket({ orderId }: { orderId: number }) {
  const { restaurant } = useAdmin();
  const { data: order, error, isPending } = useAdminOrder(orderId);
  if (error) return <Notice tone="error">{error.message}</Notice>;
  if (isPending || !order) return <p role="status">Loading…</p>;
  return (
    <div>
      <div className="mb-4 flex gap-2 print:hidden">
        <Button primary onClick={() => window.print()}>
          Print ticket
        </Button>
      </div>
      <article
        aria-label={`Ticket for order ${order.order_number}`}
        className="mx-auto max-w-[80mm] bg-white p-4 font-mono text-black text-sm print:m-0 print:max-w-none print:p-0"
      >
        <h1 className="text-center font-bold text-2xl">#{order.order_number}</h1>
        <p className="text-center">{order.restaurant.name}</p>
        <p className="mt-2 text-center font-bold uppercase">
          {methodLabels[order.method]}
          {order.method === 'dine_in' && order.table_id ? ` · table ${order.table_id}` : ''}
        </p>
        <p className="text-center">
          {order.pickup_time === 'asap'
            ? 'ASAP'
            : order.scheduled_for
              ? formatTime(order.scheduled_for, restaurant.timezone)
              : ''}
          {order.ready_at && ` · ready ${formatTime(order.ready_at, restaurant.timezone)}`}
        </p>
        {order.handled_by && <p className="text-center">Handled by {order.handled_by.name}</p>}
        <hr className="my-2 border-black border-dashed" />
        <ul>
          {order.lines.map((line) => (
            <li key={line.id} className="mb-1">
              <p className="font-bold">
                {line.quantity} × {line.name}
              </p>
              {line.details.map((d) => (
                <p key={d} className="pl-4">
                  {d}
                </p>
              ))}
              {line.notes && <p className="pl-4 italic">“{line.notes}”</p>}
            </li>
          ))}
        </ul>
        {order.special_instructions && (
          <>
            <hr className="my-2 border-black border-dashed" />
            <p className="font-bold">Note: {order.special_instructions}</p>
          </>
        )}
        <hr className="my-2 border-black border-dashed" />
        <p>{order.customer.name}</p>
        <p>{order.customer.phone_no}</p>
        {order.delivery_address && (
          <p>
            {order.delivery_address.formatted_address}, {order.delivery_address.suburb}{' '}
            {order.delivery_address.postcode}
          </p>
        )}
        <p className="mt-2 flex justify-between font-bold">
          <span>Total</span>
          <span>{formatMoney(order.totals.total, order.currency)}</span>
        </p>
        {order.totals.tip > 0 && (
          <p className="flex justify-between">
            <span>Tip</span>
            <span>{formatMoney(order.totals.tip, order.currency)}</span>
          </p>
        )}
        <p>
          {order.payment_method === 'card' ? 'Paid by card' : 'Cash on delivery'} ({order.payment_status})
        </p>
      </article>
    </div>
  );
}
