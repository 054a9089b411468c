import type { AdminHours, AdminOpeningRange, FulfilmentMethodName } from '@storefront/core';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { useHours } from '../api/get-hours';
import { useSaveHours } from '../api/save-hours';
import { useAdmin } from './admin-context';
import { Button, inputClass, Notice, PageTitle } from './ui';

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const methods: [FulfilmentMethodName, string][] = [
  ['pickup', 'Pickup'],
  ['delivery', 'Delivery'],
  ['dine_in', 'Dine-in'],
];

type Day = { open: boolean; opens_at: string; closes_at: string };

function daysOf(hours: AdminOpeningRange[], method: FulfilmentMethodName): Day[] {
  return weekdays.map((_, weekday) => {
    const range = hours.find((h) => h.method === method && h.weekday === weekday);
    return range
      ? { open: true, opens_at: range.opens_at, closes_at: range.closes_at }
      : { open: false, opens_at: '11:00', closes_at: '21:00' };
  });
}

function MethodHours({ data, method, label }: { data: AdminHours; method: FulfilmentMethodName; label: string }) {
  const { restaurant } = useAdmin();
  const save = useSaveHours(restaurant.id);
  const [days, setDays] = useState(() => daysOf(data.hours, method));
  const id = useId();
  const set = (weekday: number, patch: Partial<Day>) =>
    setDays((all) => all.map((d, i) => (i === weekday ? { ...d, ...patch } : d)));

  function onSave() {
    // This method's week as edited (one range a day); the other methods' ranges as they are.
    const others = data.hours.filter((h) => h.method !== method);
    const mine = days.flatMap((d, weekday) =>
      d.open ? [{ method, weekday, opens_at: d.opens_at, closes_at: d.closes_at }] : [],
    );
    save.mutate([...others, ...mine], {
      onSuccess: () => toast.success('Hours saved', { description: `${label} hours are updated.` }),
      onError: (e) => toast.error('Hours not saved', { description: e.message }),
    });
  }

  return (
    <fieldset className="rounded-md border border-stone-300 bg-white p-4">
      <legend className="px-1 font-semibold text-lg">{label}</legend>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left">
            <th className="p-1">Day</th>
            <th className="p-1">Open</th>
            <th className="p-1">From</th>
            <th className="p-1">Until</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d, weekday) => (
            <tr key={weekdays[weekday]}>
              <th scope="row" className="p-1 text-left font-normal">
                {weekdays[weekday]}
              </th>
              <td className="p-1">
                <input
                  type="checkbox"
                  className="size-4 accent-stone-900"
                  checked={d.open}
                  aria-label={`${label} open on ${weekdays[weekday]}`}
                  onChange={(e) => set(weekday, { open: e.target.checked })}
                />
              </td>
              <td className="p-1">
                <input
                  id={`${id}-${weekday}-from`}
                  type="time"
                  className={inputClass}
                  disabled={!d.open}
                  value={d.opens_at}
                  aria-label={`${label} opens on ${weekdays[weekday]}`}
                  onChange={(e) => set(weekday, { opens_at: e.target.value })}
                />
              </td>
              <td className="p-1">
                <input
                  type="time"
                  className={inputClass}
                  disabled={!d.open}
                  value={d.closes_at}
                  aria-label={`${label} closes on ${weekdays[weekday]}`}
                  onChange={(e) => set(weekday, { closes_at: e.target.value })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3">
        <Button primary disabled={save.isPending} onClick={onSave}>
          Save {label.toLowerCase()} hours
        </Button>
      </div>
    </fieldset>
  );
}

/** Opening hours per method (manager+); closing before opening runs past midnight. */
export function HoursPage() {
  const { restaurant } = useAdmin();
  const { data, error, isPending } = useHours(restaurant.id);
  return (
    <section>
      <PageTitle>Opening hours</PageTitle>
      <p className="mb-4 text-sm text-stone-700">
        Times are {restaurant.timezone} local time. A closing time before the opening time runs past midnight.
      </p>
      {error && <Notice tone="error">{error.message}</Notice>}
      {isPending && <p role="status">Loading…</p>}
      {data && (
        <div className="grid gap-4 xl:grid-cols-3" key={restaurant.id}>
          {methods.map(([method, label]) => (
            <MethodHours key={method} data={data} method={method} label={label} />
          ))}
        </div>
      )}
    </section>
  );
}
