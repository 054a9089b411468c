import {
  type AdminRestaurantDetail,
  type RestaurantSpecialHours,
  type RestaurantSpecialHoursBody,
  restaurantSpecialHoursBodySchema,
} from '@orderfront/core';
import { useId, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { showServerErrors, useFocusFirstError, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useAddSpecialHours, useRemoveSpecialHours, useSpecialHours, useUpdateSpecialHours } from '../api/setup';
import { Button, Field, inputClass, invalid, messageOf, Notice } from './ui';

const methodLabels = { pickup: 'Pickup', delivery: 'Delivery', dine_in: 'Dine-in' } as const;
const describe = (h: RestaurantSpecialHoursBody) =>
  `${methodLabels[h.method]} on ${h.date}: ${h.opens_at}–${h.closes_at}`;

type Save = (body: RestaurantSpecialHoursBody, done: { onSuccess: () => void; onError: (e: Error) => void }) => void;

/**
 * One set of special hours, to add or to change in place: the same contract schema as the server
 * checks, and its field messages (a past date, an overlap) shown on the field.
 */
function SpecialHoursForm(props: {
  label: string;
  submitLabel: string;
  values: RestaurantSpecialHoursBody;
  pending: boolean;
  save: Save;
  onSaved: (body: RestaurantSpecialHoursBody) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const { register, handleSubmit, setError, formState } = useZodForm(restaurantSpecialHoursBodySchema, {
    defaultValues: props.values,
  });
  const { errors } = formState;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, formState);
  const submit = handleSubmit((body) =>
    props.save(body, {
      onSuccess: () => props.onSaved(body),
      onError: (e) => {
        if (e instanceof ApiError && e.fields) showServerErrors(setError, e.fields);
        else setError('root.server', { message: messageOf(e) });
      },
    }),
  );
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={props.label}
      className="flex flex-wrap items-start gap-3"
    >
      <Field id={`${id}-date`} label="Date" error={errors.date?.message}>
        <input
          id={`${id}-date`}
          type="date"
          className={inputClass}
          {...invalid(`${id}-date`, errors.date?.message)}
          {...register('date')}
        />
      </Field>
      <Field id={`${id}-method`} label="For" error={errors.method?.message}>
        <select
          id={`${id}-method`}
          className={inputClass}
          {...invalid(`${id}-method`, errors.method?.message)}
          {...register('method')}
        >
          <option value="pickup">Pickup</option>
          <option value="delivery">Delivery</option>
          <option value="dine_in">Dine-in</option>
        </select>
      </Field>
      <Field id={`${id}-opens`} label="Opens" error={errors.opens_at?.message}>
        <input
          id={`${id}-opens`}
          type="time"
          className={inputClass}
          {...invalid(`${id}-opens`, errors.opens_at?.message)}
          {...register('opens_at')}
        />
      </Field>
      <Field id={`${id}-closes`} label="Closes" error={errors.closes_at?.message}>
        <input
          id={`${id}-closes`}
          type="time"
          className={inputClass}
          {...invalid(`${id}-closes`, errors.closes_at?.message)}
          {...register('closes_at')}
        />
      </Field>
      <div className="flex gap-2 self-end">
        <Button primary type="submit" disabled={props.pending}>
          {props.submitLabel}
        </Button>
        {props.onCancel && <Button onClick={props.onCancel}>Cancel</Button>}
      </div>
      {errors.root?.server && (
        <p role="alert" className="w-full text-red-700 text-sm">
          {errors.root.server.message}
        </p>
      )}
    </form>
  );
}

/** One entry of the list: its hours with Edit and Remove, or the form changing them in place. */
function SpecialHoursItem({ restaurantId, hours }: { restaurantId: number; hours: RestaurantSpecialHours }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateSpecialHours(restaurantId);
  const remove = useRemoveSpecialHours(restaurantId);
  const { id, ...values } = hours;
  const name = `${methodLabels[hours.method]} hours on ${hours.date}`;
  if (editing) {
    return (
      <li className="rounded-md border border-stone-200 p-3">
        <SpecialHoursForm
          label={`Change ${name}`}
          submitLabel="Save changes"
          values={values}
          pending={update.isPending}
          save={(body, done) => update.mutate({ id, body }, done)}
          onSaved={(body) => {
            setEditing(false);
            toast.success('Special hours changed', { description: `${describe(body)}.` });
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center gap-3">
      <span>
        {hours.date} · {methodLabels[hours.method]} · {hours.opens_at}–{hours.closes_at}
      </span>
      <Button onClick={() => setEditing(true)} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <Button onClick={() => remove.mutate(id)} disabled={remove.isPending} aria-label={`Remove ${name}`}>
        Remove
      </Button>
    </li>
  );
}

/** Hours of their own on a date (decision 043): only these count that day for slots, ASAP and orders. */
export function SpecialHours({ restaurant }: { restaurant: AdminRestaurantDetail }) {
  const { data, error } = useSpecialHours(restaurant.id);
  const add = useAddSpecialHours(restaurant.id);
  // A new key after each addition gives a fresh form with no date: the method and times are kept for the next one.
  const [added, setAdded] = useState<{ count: number; values: RestaurantSpecialHoursBody }>({
    count: 0,
    values: { date: '', method: 'pickup', opens_at: '', closes_at: '' },
  });
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-md border border-stone-300 bg-white p-4">
      <h3 id={`${id}-title`} className="mb-2 font-semibold text-lg">
        Special hours
      </h3>
      <p className="mb-3 text-sm text-stone-700">
        On a date with special hours only those hours count for that method (e.g. Christmas Eve 10:00–14:00).
      </p>
      {error && <Notice tone="error">{error.message}</Notice>}
      {data && data.length === 0 && <p className="mb-3 text-sm text-stone-700">No special hours coming up.</p>}
      {data && data.length > 0 && (
        <ul className="mb-3 grid gap-1 text-sm">
          {data.map((h) => (
            <SpecialHoursItem key={h.id} restaurantId={restaurant.id} hours={h} />
          ))}
        </ul>
      )}
      <SpecialHoursForm
        key={added.count}
        label="Add special hours"
        submitLabel="Add special hours"
        values={added.values}
        pending={add.isPending}
        save={(body, done) => add.mutate(body, done)}
        onSaved={(body) => {
          setAdded((a) => ({ count: a.count + 1, values: { ...body, date: '' } }));
          toast.success('Special hours added', { description: `${describe(body)}.` });
        }}
      />
    </section>
  );
}
