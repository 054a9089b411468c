import type { OrderingControls } from '@orderfront/core';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { useOrdering } from '../api/get-ordering';
import { usePauseOrdering } from '../api/pause-ordering';
import { useUpdateOrdering } from '../api/update-ordering';
import { useAdmin } from './admin-context';
import { Button, formatTime, inputClass, MinutesSelect, Notice, PageTitle } from './ui';

const pauseChoices = [10, 15, 30, 60];

function Switch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange(value: boolean): void;
}) {
  return (
    <label className="flex items-center gap-3 text-sm">
      <input
        type="checkbox"
        className="size-5 accent-stone-900"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

function PausePanel({ controls }: { controls: OrderingControls }) {
  const { restaurant } = useAdmin();
  const pause = usePauseOrdering(restaurant.id);
  const minutesId = useId();
  const [minutes, setMinutes] = useState(15);
  const onError = (error: Error) => toast.error('Not changed', { description: error.message });

  if (controls.paused_until) {
    return (
      <div className="space-y-3">
        <Notice>Online ordering is paused until {formatTime(controls.paused_until, restaurant.timezone)}.</Notice>
        <Button primary disabled={pause.isPending} onClick={() => pause.mutate(0, { onError })}>
          Resume ordering now
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-end gap-2">
      <MinutesSelect id={minutesId} label="Pause for" choices={pauseChoices} value={minutes} onChange={setMinutes} />
      <Button
        primary
        disabled={pause.isPending}
        onClick={() =>
          // The panel itself says the pause (no toast to cover it).
          pause.mutate(minutes, { onError })
        }
      >
        Pause ordering
      </Button>
    </div>
  );
}

/** Ordering controls: pause (any staff), and for managers the switch, busy mode and methods. */
export function OrderingPage() {
  const { restaurant, can } = useAdmin();
  const { data, error, isPending } = useOrdering(restaurant.id);
  const update = useUpdateOrdering(restaurant.id);
  const busyId = useId();
  const manage = can('ordering');
  const onError = (e: Error) => toast.error('Not changed', { description: e.message });
  const save = (body: Parameters<typeof update.mutate>[0]) => update.mutate(body, { onError });

  return (
    <section>
      <PageTitle>Ordering</PageTitle>
      {error && <Notice tone="error">{error.message}</Notice>}
      {isPending && <p role="status">Loading…</p>}
      {data && (
        <div className="grid gap-4 md:grid-cols-2">
          <div className="space-y-3 rounded-md border border-stone-300 bg-white p-4">
            <h2 className="font-semibold text-lg">Right now</h2>
            <p className="text-sm" role="status">
              {data.accepting_orders ? 'Taking online orders.' : 'Not taking online orders.'}
            </p>
            <PausePanel controls={data} />
          </div>
          {manage && (
            <div className="space-y-3 rounded-md border border-stone-300 bg-white p-4">
              <h2 className="font-semibold text-lg">Switches</h2>
              <Switch
                label="Online ordering"
                checked={data.is_online_order_enabled}
                disabled={update.isPending}
                onChange={(value) => save({ is_online_order_enabled: value })}
              />
              <Switch
                label="Pickup"
                checked={data.pickup_enabled}
                disabled={update.isPending}
                onChange={(value) => save({ pickup_enabled: value })}
              />
              <Switch
                label="Delivery"
                checked={data.delivery_enabled}
                disabled={update.isPending}
                onChange={(value) => save({ delivery_enabled: value })}
              />
              <Switch
                label="Dine-in"
                checked={data.dine_in_enabled}
                disabled={update.isPending}
                onChange={(value) => save({ dine_in_enabled: value })}
              />
              <label htmlFor={busyId} className="grid gap-1 text-sm">
                Busy mode: minutes added to prep time
                <select
                  id={busyId}
                  className={inputClass}
                  value={data.busy_minutes}
                  disabled={update.isPending}
                  onChange={(e) => save({ busy_minutes: Number(e.target.value) })}
                >
                  {[0, 10, 15, 20, 30, 45, 60].map((m) => (
                    <option key={m} value={m}>
                      {m === 0 ? 'Off' : `+${m} minutes`}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
