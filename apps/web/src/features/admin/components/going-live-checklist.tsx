import type { GoingLiveKey } from '@orderfront/core';
import { Link } from '@/components/ui/link';
import { useGoingLive } from '../api/get-going-live';
import { Notice } from './ui';

/** Where each missing piece is put right, and what the step is called. */
const steps: Record<GoingLiveKey, { title: string; to: string; action: string }> = {
  restaurant: { title: 'Open a restaurant', to: '/admin/restaurants', action: 'Restaurants' },
  hours: { title: 'Set opening hours', to: '/admin/hours', action: 'Hours' },
  menu: { title: 'Put dishes on the menu', to: '/admin/menu', action: 'Menu' },
  payments: { title: 'Take card payments', to: '/admin/business', action: 'Business settings' },
};

/** The back office home's going-live checklist (decision 036): each missing step links to its page. */
export function GoingLiveChecklist() {
  const { data, error, isPending } = useGoingLive();
  if (isPending) return <p role="status">Checking what is set up…</p>;
  if (error) return <Notice tone="error">{error.message}</Notice>;
  const left = data.items.filter((item) => !item.done).length;
  return (
    <section aria-labelledby="going-live-title" className="rounded-md border border-stone-300 bg-white p-4">
      <h2 id="going-live-title" className="font-bold text-lg">
        {data.ready ? 'Your shop is ready to take orders' : 'Before your shop can take orders'}
      </h2>
      {!data.ready && (
        <p className="mb-3 text-sm text-stone-700">
          {left === 1 ? 'One step is left.' : `${left} steps are left.`} Each links to where you set it up.
        </p>
      )}
      <ol className="grid gap-2">
        {data.items.map((item) => {
          const step = steps[item.key];
          return (
            <li key={item.key} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span
                aria-hidden="true"
                className={`inline-block w-5 text-center font-bold ${item.done ? 'text-green-800' : 'text-red-800'}`}
              >
                {item.done ? '✓' : '✗'}
              </span>
              <span className="font-semibold">
                {step.title}
                <span className="sr-only">{item.done ? ' (done)' : ' (to do)'}</span>
              </span>
              <span className="text-sm text-stone-700">{item.detail}</span>
              {!item.done && (
                <Link to={step.to} className="text-sm font-semibold underline">
                  Go to {step.action}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
