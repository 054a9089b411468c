import type { AdminDeliveryZone } from '@orderfront/core';
import { useId, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { showServerErrors, useFocusFirstError, useZodForm } from '@/lib/forms';
import { formatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useRemoveZone, useSaveZone, useTestZone, useZones, type ZoneTestAnswer } from '../api/setup';
import { emptyZoneDraft, money, type ZoneDraft, zoneDraftOf, zoneFormSchema } from '../lib/zone-form';
import { useAdmin } from './admin-context';
import { SetupField } from './setup-field';
import { Button, inputClass, messageOf, Notice, PageTitle, primaryButtonClass } from './ui';

const messageAt = (errors: FieldErrors<ZoneDraft>, key: string) =>
  (errors as Record<string, { message?: string } | undefined>)[key]?.message;

/** Draft field → the body field its errors come back on. */
const bodyName: Partial<Record<keyof ZoneDraft, string>> = {
  fee: 'fee_cents',
  minimum: 'minimum_order_cents',
  free_over: 'free_over_cents',
};

function ZoneForm({ zone, onDone }: { zone: AdminDeliveryZone | null; onDone(): void }) {
  const { restaurant } = useAdmin();
  const save = useSaveZone(restaurant.id);
  const formRef = useRef<HTMLFormElement>(null);
  const { register, handleSubmit, setError, watch, formState } = useZodForm(zoneFormSchema, {
    defaultValues: zone ? zoneDraftOf(zone) : emptyZoneDraft,
  });
  useFocusFirstError(formRef, formState);
  const errors = formState.errors;
  const kind = watch('kind');
  const field = (key: Exclude<keyof ZoneDraft, 'kind' | 'is_active'>, label: string, hint?: string) => (
    <SetupField label={label} hint={hint} error={messageAt(errors, bodyName[key] ?? key)}>
      {(props) => <input {...props} className={inputClass} {...register(key)} />}
    </SetupField>
  );
  const submit = handleSubmit((body) =>
    save.mutate(
      { id: zone?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast.success('Delivery zone saved', { description: saved.name });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError) showServerErrors(setError, error.fields);
          setError('root.server', { message: error.message });
        },
      },
    ),
  );
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={zone ? `Edit ${zone.name}` : 'New delivery zone'}
      className="mb-6 grid gap-3 rounded-md border border-stone-300 bg-white p-4 md:grid-cols-3"
    >
      {field('name', 'Zone name')}
      <SetupField label="Delivers to">
        {(props) => (
          <select {...props} className={inputClass} {...register('kind')}>
            <option value="areas">Listed postcodes and suburbs</option>
            <option value="radius">Everywhere within a distance</option>
          </select>
        )}
      </SetupField>
      {kind === 'radius' ? (
        field(
          'radius_km',
          'Distance (km)',
          "Straight-line distance from the restaurant's map position (its latitude and longitude, under Restaurants).",
        )
      ) : (
        <>
          {field('postcodes', 'Postcodes', 'Separate with commas, e.g. 2010, 2011')}
          {field('suburbs', 'Suburbs', 'Separate with commas.')}
        </>
      )}
      {field('fee', 'Delivery fee ($)')}
      {field('minimum', 'Minimum order ($)')}
      {field('free_over', 'Free delivery from ($)', 'Leave empty for never free.')}
      {field('priority', 'Priority', 'Lower first where zones overlap.')}
      <label className="flex items-center gap-2 self-end text-sm">
        <input type="checkbox" className="size-4 accent-stone-900" {...register('is_active')} />
        Active
      </label>
      {errors.root?.server?.message && (
        <p role="alert" className="text-red-700 text-sm md:col-span-3">
          {errors.root.server.message}
        </p>
      )}
      <div className="flex gap-2 md:col-span-3">
        <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save zone'}
        </button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

/** "Would we deliver to …?": the storefront's own quote from the active zones. */
function DeliveryTest() {
  const { restaurant } = useAdmin();
  const test = useTestZone(restaurant.id);
  const id = useId();
  const [postcode, setPostcode] = useState('');
  const [suburb, setSuburb] = useState('');
  const [subtotal, setSubtotal] = useState('30');
  const [answer, setAnswer] = useState<ZoneTestAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <section aria-labelledby={`${id}-title`} className="mb-6 rounded-md border border-stone-300 bg-white p-4">
      <h2 id={`${id}-title`} className="mb-2 font-semibold text-lg">
        Would we deliver to …?
      </h2>
      <form
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const cents = money(subtotal);
          if (!postcode.trim()) return setProblem('Enter a postcode');
          if (!Number.isInteger(cents) || cents < 0) return setProblem('Enter the order amount, e.g. 30');
          setProblem(null);
          test.mutate(
            { postcode: postcode.trim(), suburb: suburb.trim(), subtotal_cents: cents },
            { onSuccess: setAnswer, onError: (error) => setProblem(messageOf(error)) },
          );
        }}
      >
        <label htmlFor={`${id}-postcode`} className="grid gap-1 text-sm">
          Postcode
          <input
            id={`${id}-postcode`}
            className={inputClass}
            value={postcode}
            onChange={(e) => setPostcode(e.target.value)}
          />
        </label>
        <label htmlFor={`${id}-suburb`} className="grid gap-1 text-sm">
          Suburb
          <input
            id={`${id}-suburb`}
            className={inputClass}
            value={suburb}
            onChange={(e) => setSuburb(e.target.value)}
          />
        </label>
        <label htmlFor={`${id}-subtotal`} className="grid gap-1 text-sm">
          Order amount ($)
          <input
            id={`${id}-subtotal`}
            className={inputClass}
            inputMode="decimal"
            value={subtotal}
            onChange={(e) => setSubtotal(e.target.value)}
          />
        </label>
        <Button primary type="submit" disabled={test.isPending}>
          Check
        </Button>
      </form>
      <div aria-live="polite" className="mt-3 text-sm">
        {problem && <p className="text-red-700">{problem}</p>}
        {answer && !problem && (
          <p className={answer.delivers ? 'text-green-800' : 'text-stone-900'}>
            {answer.message}
            {answer.delivers &&
              !answer.delivery_error &&
              ` — delivery ${answer.delivery_charge === 0 ? 'free' : formatMoney(answer.delivery_charge)}`}
          </p>
        )}
      </div>
    </section>
  );
}

function zoneArea(zone: AdminDeliveryZone) {
  if (zone.kind === 'radius') return `Within ${zone.radius_km} km`;
  return [...zone.postcodes, ...zone.suburbs].join(', ');
}

/** Delivery zones of the chosen restaurant (manager+), as a list with a live test. */
export function DeliveryZonesPage() {
  const { restaurant } = useAdmin();
  const { data, error, isPending } = useZones(restaurant.id);
  const remove = useRemoveZone(restaurant.id);
  const [editing, setEditing] = useState<AdminDeliveryZone | 'new' | null>(null);
  return (
    <section>
      <PageTitle
        actions={
          editing === null ? (
            <Button primary onClick={() => setEditing('new')}>
              New zone
            </Button>
          ) : undefined
        }
      >
        Delivery zones · {restaurant.name}
      </PageTitle>
      {editing !== null && (
        <ZoneForm
          key={editing === 'new' ? 'new' : editing.id}
          zone={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <DeliveryTest />
      {error && <Notice tone="error">{error.message}</Notice>}
      {isPending && <p role="status">Loading…</p>}
      {data && data.length === 0 && (
        <Notice>No delivery zones: {restaurant.name} does not deliver anywhere yet.</Notice>
      )}
      {data && data.length > 0 && (
        <section
          aria-label="Delivery zones table"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          className="relative overflow-x-auto rounded-md border border-stone-300 bg-white"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">Delivery zones of {restaurant.name}</caption>
            <thead>
              <tr className="text-left">
                <th className="p-2">Zone</th>
                <th className="p-2">Area</th>
                <th className="p-2">Fee</th>
                <th className="p-2">Minimum</th>
                <th className="p-2">Free from</th>
                <th className="p-2">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.map((zone) => (
                <tr key={zone.id} className="border-stone-200 border-t">
                  <th scope="row" className="p-2 text-left">
                    {zone.name}
                    {!zone.is_active && <span className="ml-2 font-normal text-stone-600">(inactive)</span>}
                  </th>
                  <td className="p-2">{zoneArea(zone)}</td>
                  <td className="p-2">{formatMoney(zone.fee_cents)}</td>
                  <td className="p-2">{formatMoney(zone.minimum_order_cents)}</td>
                  <td className="p-2">{zone.free_over_cents === null ? '—' : formatMoney(zone.free_over_cents)}</td>
                  <td className="flex gap-2 p-2">
                    <Button onClick={() => setEditing(zone)}>
                      Edit<span className="sr-only"> {zone.name}</span>
                    </Button>
                    <Button onClick={() => remove.mutate(zone.id)} disabled={remove.isPending}>
                      Delete<span className="sr-only"> {zone.name}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
