import type { AdminRestaurantBody } from '@orderfront/core';
import { useRef } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { showServerErrors, useFocusFirstError, useZodForm } from '@/lib/forms';
import { type RestaurantDraft, restaurantFormSchema } from '../lib/restaurant-form';
import { SetupField } from './setup-field';
import { inputClass, primaryButtonClass } from './ui';

type TextKey = Exclude<keyof RestaurantDraft, 'asap'>;

const messageAt = (errors: FieldErrors<RestaurantDraft>, key: string) =>
  (errors as Record<string, { message?: string } | undefined>)[key]?.message;

/** A restaurant's details and ordering times, for a new one or an existing one. */
export function RestaurantForm({
  label,
  draft,
  submitText,
  pending,
  onSave,
}: {
  label: string;
  draft: RestaurantDraft;
  submitText: string;
  pending: boolean;
  /** Saves; a refusal comes back as an ApiError whose fields are shown on the form. */
  onSave(body: AdminRestaurantBody): Promise<unknown>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const { register, handleSubmit, setError, formState } = useZodForm(restaurantFormSchema, { defaultValues: draft });
  useFocusFirstError(formRef, formState);
  const errors = formState.errors;
  const field = (
    key: TextKey,
    text: string,
    options: { hint?: string; type?: string; inputMode?: 'numeric' | 'decimal' } = {},
  ) => (
    <SetupField label={text} hint={options.hint} error={messageAt(errors, key)}>
      {(props) => (
        <input
          {...props}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          className={inputClass}
          {...register(key)}
        />
      )}
    </SetupField>
  );
  const submit = handleSubmit(async (body) => {
    try {
      await onSave(body);
    } catch (error) {
      if (error instanceof ApiError) showServerErrors(setError, error.fields);
      setError('root.server', { message: (error as Error).message });
    }
  });
  const problem = formState.errors.root?.server?.message;
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={label} className="grid gap-4 lg:grid-cols-2">
      <fieldset className="min-w-0 grid content-start gap-3 rounded-md border border-stone-300 bg-white p-4">
        <legend className="px-1 font-semibold">Where it is</legend>
        {field('name', 'Restaurant name')}
        {field('street_name', 'Street address')}
        <div className="grid grid-cols-2 gap-3">
          {field('suburb', 'Suburb')}
          {field('postcode', 'Postcode', { inputMode: 'numeric' })}
          {field('city', 'City')}
          {field('state', 'State')}
        </div>
        {field('country', 'Country', { hint: 'Two letters, e.g. AU' })}
        <fieldset className="min-w-0 grid gap-2">
          <legend className="text-sm">Map position</legend>
          <p className="text-stone-700 text-xs">
            Leave blank to find it from the address when a map service is set up; a changed address is found again.
            Distance delivery zones measure from here.
          </p>
          <div className="grid grid-cols-2 gap-3">
            {field('latitude', 'Latitude', { inputMode: 'decimal' })}
            {field('longitude', 'Longitude', { inputMode: 'decimal' })}
          </div>
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          {field('phone', 'Phone', { type: 'tel' })}
          {field('email', 'Email', { type: 'email' })}
        </div>
      </fieldset>
      <fieldset className="min-w-0 grid content-start gap-3 rounded-md border border-stone-300 bg-white p-4">
        <legend className="px-1 font-semibold">Ordering times</legend>
        {field('timezone', 'Time zone', { hint: 'e.g. Australia/Sydney; hours and times are on this clock.' })}
        <div className="grid grid-cols-3 gap-3">
          {field('lead_time_minutes', 'Lead time (minutes)', { inputMode: 'numeric' })}
          {field('slot_minutes', 'Slot length (minutes)', { inputMode: 'numeric' })}
          {field('max_orders_per_slot', 'Orders per slot', { inputMode: 'numeric' })}
        </div>
        <SetupField label="ASAP orders" error={messageAt(errors, 'asap_enabled')}>
          {(props) => (
            <select {...props} className={inputClass} {...register('asap')}>
              <option value="default">As the storefront's setting</option>
              <option value="on">Offered</option>
              <option value="off">Not offered</option>
            </select>
          )}
        </SetupField>
      </fieldset>
      {problem && (
        <p role="alert" className="text-red-700 text-sm lg:col-span-2">
          {problem}
        </p>
      )}
      <div className="lg:col-span-2">
        <button type="submit" className={primaryButtonClass} disabled={pending}>
          {pending ? 'Saving…' : submitText}
        </button>
      </div>
    </form>
  );
}
