import type { Order } from '@orderfront/core';
import { runtimeConfig } from '@/config/runtime';
import { statusLabel, statusSteps } from '../lib/status';

function timeOf(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat(runtimeConfig.tenant.locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}

/** The order's way through the kitchen: done steps with their time, the current one marked. */
export function StatusTimeline({ order }: { order: Order }) {
  const steps = statusSteps(order.method);
  const reached = steps.indexOf(order.status);
  const off = order.status === 'cancelled' || order.status === 'refunded' || order.status === 'pending_payment';
  const lastAt = (status: string) => order.status_history.filter((h) => h.status === status).at(-1);
  return (
    <ol aria-label="Order progress" className="flex flex-col gap-0">
      {steps.map((step, i) => {
        const done = !off && i <= reached;
        const current = !off && i === reached;
        const change = lastAt(step);
        return (
          <li
            key={step}
            aria-current={current ? 'step' : undefined}
            data-done={done}
            className="relative flex gap-3 pb-4 last:pb-0"
          >
            <span
              aria-hidden="true"
              className={`mt-0.5 grid size-5 shrink-0 place-items-center rounded-full border-2 ${done ? 'border-primary bg-primary' : 'border-stone-400 bg-white'}`}
            >
              {done && <span className="size-2 rounded-full bg-white" />}
            </span>
            <div className="flex flex-col">
              <span className={current ? 'font-semibold text-stone-900' : done ? 'text-stone-900' : 'text-stone-600'}>
                {statusLabel(step, order.method)}
                <span className="sr-only">{done ? ' (done)' : ' (to come)'}</span>
              </span>
              {done && change && (
                <span className="text-sm text-stone-600">{timeOf(change.at, order.restaurant.timezone)}</span>
              )}
              {done && change?.note && <span className="text-sm text-stone-700">{change.note}</span>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
