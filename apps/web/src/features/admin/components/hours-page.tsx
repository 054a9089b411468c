import type { AdminHours, FulfilmentMethodName } from '@orderfront/core';
import { useId } from 'react';
import { useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useHours } from '../api/get-hours';
import { useSaveHours } from '../api/save-hours';
import { problemOf } from '../lib/form';
import { daysOf, hoursFormSchema } from '../lib/hours-form';
import { useAdmin } from './admin-context';
import { Button, inputClass, Notice, PageTitle } from './ui';

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const methods: [FulfilmentMethodName, string][] = [
  ['pickup', 'Pickup'],
  ['delivery', 'Delivery'],
  ['dine_in', 'Dine-in'],
];

function MethodHours({ data, method, label }: { data: AdminHours; method: FulfilmentMethodName; label: string }) {
  const { restaurant } = useAdmin();
  const save = useSaveHours(restaurant.id);
  const schema = hoursFormSchema(
    restaurant.id,
    method,
    data.hours.filter((h) => h.method !== method),
  );
  const { register, handleSubmit, watch, formState } = useZodForm(schema, {
    defaultValues: { days: daysOf(data.hours, method) },
  });
  const days = watch('days');
  const problem = problemOf(formState.errors);
  const id = useId();

  return (
    <form
      noValidate
      aria-label={`${label} hours`}
      className="rounded-md border border-stone-300 bg-white p-4"
      onSubmit={handleSubmit((body) =>
        save.mutate(body.hours, {
          onSuccess: () => toast.success('Hours saved', { description: `${label} hours are updated.` }),
          onError: (e) => toast.error('Hours not saved', { description: e.message }),
        }),
      )}
    >
      <fieldset>
        <legend className="px-1 font-semibold text-lg">{label}</legend>
        <table className="w-full table-fixed text-sm">
          <colgroup>
            <col className="w-24" />
            <col className="w-12" />
            <col />
            <col />
          </colgroup>
          <thead>
            <tr className="text-left">
              <th className="p-1">Day</th>
              <th className="p-1">Open</th>
              <th className="p-1">From</th>
              <th className="p-1">Until</th>
            </tr>
          </thead>
          <tbody>
            {weekdays.map((day, weekday) => (
              <tr key={day}>
                <th scope="row" className="p-1 text-left font-normal">
                  {day}
                </th>
                <td className="p-1">
                  <input
                    type="checkbox"
                    className="size-4 accent-stone-900"
                    aria-label={`${label} open on ${day}`}
                    {...register(`days.${weekday}.open`)}
                  />
                </td>
                <td className="p-1">
                  <input
                    id={`${id}-${weekday}-from`}
                    type="time"
                    className={`${inputClass} w-full min-w-0`}
                    disabled={!days[weekday]?.open}
                    aria-label={`${label} opens on ${day}`}
                    {...register(`days.${weekday}.opens_at`)}
                  />
                </td>
                <td className="p-1">
                  <input
                    type="time"
                    className={`${inputClass} w-full min-w-0`}
                    disabled={!days[weekday]?.open}
                    aria-label={`${label} closes on ${day}`}
                    {...register(`days.${weekday}.closes_at`)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>
      {problem && (
        <p role="alert" className="mt-2 text-red-700 text-sm">
          {problem}
        </p>
      )}
      <div className="mt-3">
        <Button primary type="submit" disabled={save.isPending}>
          Save {label.toLowerCase()} hours
        </Button>
      </div>
    </form>
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
        // A method's week needs about 28rem (day, switch, two time fields): as many columns as fit that.
        <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,28rem),1fr))] gap-4" key={restaurant.id}>
          {methods.map(([method, label]) => (
            <MethodHours key={method} data={data} method={method} label={label} />
          ))}
        </div>
      )}
    </section>
  );
}
