import type { FulfilmentMethod, RestaurantDetail } from '@orderfront/core';
import { useId } from 'react';
import { icon } from '@/components/ui/icon';
import { runtimeConfig } from '@/config/runtime';
import { useRestaurant } from '../api/get-restaurant';
import { formatDay, formatTime } from '../lib/format';

const ExternalLink = icon([
  ['path', { d: 'M15 3h6v6' }],
  ['path', { d: 'M10 14 21 3' }],
  ['path', { d: 'M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6' }],
]);

const methodLabels: Record<FulfilmentMethod, string> = { pickup: 'Pickup', delivery: 'Delivery', dine_in: 'Dine-in' };

/** Upcoming dates with hours of their own (decision 043), one line per date and method. */
function SpecialHours({ hours, locale }: { hours: RestaurantDetail['special_hours']; locale: string }) {
  const headingId = useId();
  const lines = new Map<string, string[]>();
  for (const h of hours) {
    const key = `${formatDay(h.date, locale)} · ${methodLabels[h.method]}`;
    lines.set(key, [
      ...(lines.get(key) ?? []),
      `${formatTime(h.opens_at, locale)} – ${formatTime(h.closes_at, locale)}`,
    ]);
  }
  if (lines.size === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1">
      <h4 id={headingId} className="font-semibold text-sm text-stone-900">
        Special hours
      </h4>
      <ul className="text-sm text-stone-900">
        {[...lines].map(([day, ranges]) => (
          <li key={day}>
            {day}: {ranges.join(', ')}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Today's hours per method (on the restaurant's clock) and a map link, from the detail call. */
export function RestaurantHours({ restaurantId }: { restaurantId: number }) {
  const { data, isPending, isError } = useRestaurant(restaurantId);
  const locale = runtimeConfig.tenant.locale;
  const headingId = useId();

  if (isPending) return <p className="text-sm text-stone-600">Loading today's hours…</p>;
  if (isError) return <p className="text-sm text-stone-600">Today's hours are not available right now.</p>;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold text-sm text-stone-900">
        Today at {data.name}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {data.opening_hours.map((method) => (
          <div key={method.method} className="contents">
            <dt className="text-stone-700">{methodLabels[method.method]}</dt>
            <dd className="text-stone-900">
              {method.today.closed_reason
                ? `Closed today: ${method.today.closed_reason}`
                : method.today.ranges.length === 0
                  ? 'Closed today'
                  : method.today.ranges
                      .map((range) => `${formatTime(range.opens_at, locale)} – ${formatTime(range.closes_at, locale)}`)
                      .join(', ')}
              {method.today.ranges.length > 0 && (
                <span className="text-stone-600">{method.today.is_open_now ? ' · open now' : ' · closed now'}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <SpecialHours hours={data.special_hours} locale={locale} />
      <a
        href={data.location.map_url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex w-fit items-center gap-1 font-medium text-primary text-sm underline underline-offset-4"
      >
        View on map
        <ExternalLink aria-hidden="true" className="size-3.5" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </section>
  );
}
