import { type AdminRestaurantDetail, restaurantSpecialHoursBodySchema } from '@orderfront/core';
import { useId, useRef } from 'react';
import { ApiError } from '@/lib/api-client';
import { showServerErrors, useFocusFirstError, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useAddSpecialHours, useRemoveSpecialHours, useSpecialHours } from '../api/setup';
import { Button, Field, inputClass, invalid, messageOf, Notice } from './ui';

const methodLabels = { pickup: 'Pickup', delivery: 'Delivery', dine_in: 'Dine-in' } as const;

/** Hours of their own on a date (decision 043): only these count that day for slots, ASAP and orders. */
export function SpecialHours({ restaurant }: { restaurant: AdminRestaurantDetail }) {
  const { data, error } = useSpecialHours(restaurant.id);
  const add = useAddSpecialHours(restaurant.id);
  const remove = useRemoveSpecialHours(restaurant.id);
  const id = useId();
  const { register, handleSubmit, reset, setError, formState } = useZodForm(restaurantSpecialHoursBodySchema, {
    defaultValues: { date: '', method: 'pickup', opens_at: '', closes_at: '' },
  });
  const { errors } = formState;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, formState);
  const submit = handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: () => {
        reset({ ...body, date: '' });
        toast.success('Special hours added', {
          description: `${methodLabels[body.method]} on ${body.date}: ${body.opens_at}–${body.closes_at}.`,
        });
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fields) showServerErrors(setError, e.fields);
        else setError('root.server', { message: messageOf(e) });
      },
    }),
  );
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
            <li key={h.id} className="flex flex-wrap items-center gap-3">
              <span>
                {h.date} · {methodLabels[h.method]} · {h.opens_at}–{h.closes_at}
              </span>
              <Button
                onClick={() => remove.mutate(h.id)}
                disabled={remove.isPending}
                aria-label={`Remove ${methodLabels[h.method]} hours on ${h.date}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        aria-label="Add special hours"
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
        <div className="self-end">
          <Button primary type="submit" disabled={add.isPending}>
            Add special hours
          </Button>
        </div>
        {errors.root?.server && (
          <p role="alert" className="w-full text-red-700 text-sm">
            {errors.root.server.message}
          </p>
        )}
      </form>
    </section>
  );
}
