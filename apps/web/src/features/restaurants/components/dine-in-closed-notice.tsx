import { runtimeConfig } from '@/config/runtime';
import { useRestaurant } from '../api/get-restaurant';
import { formatTime } from '../lib/format';

/**
 * Said on the dine-in menu as soon as it shows, not after the card form at "Place order": the dining
 * room is closed now (today's dine-in hours, on the restaurant's clock), or dine-in ordering is off.
 */
export function DineInClosedNotice({ restaurantId, switchedOff }: { restaurantId: number; switchedOff: boolean }) {
  const { data } = useRestaurant(restaurantId);
  if (!data) return null;
  const hours = data.opening_hours.find((h) => h.method === 'dine_in');
  const closed = switchedOff || !hours || !hours.today.is_open_now;
  if (!closed) return null;
  const locale = runtimeConfig.tenant.locale;
  const today = hours?.today.ranges ?? [];
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <p className="font-semibold">
        {switchedOff
          ? 'Dine-in orders are not available at the moment.'
          : `${data.name} is closed for dine-in orders at the moment.`}
      </p>
      {!switchedOff && (
        <p className="text-sm">
          {hours?.today.closed_reason
            ? `The dining room is closed today (${hours.today.closed_reason}). You can still browse the menu.`
            : today.length === 0
              ? 'The dining room is closed today. You can still browse the menu.'
              : `Dine-in today: ${today.map((r) => `${formatTime(r.opens_at, locale)} – ${formatTime(r.closes_at, locale)}`).join(', ')}. You can still browse the menu.`}
        </p>
      )}
    </div>
  );
}
