import type { BusinessSettings } from '@orderfront/core';
import { useRef } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Link } from '@/components/ui/link';
import { ApiError } from '@/lib/api-client';
import { showServerErrors, useFocusFirstError, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useBusiness, useSaveBusiness } from '../api/setup';
import { type BusinessDraft, businessDraftOf, businessFormSchema, isAustralian } from '../lib/business-form';
import { SetupField } from './setup-field';
import { inputClass, Notice, PageTitle, primaryButtonClass } from './ui';

type TextKey = Exclude<keyof BusinessDraft, 'tax_mode'>;

const messageAt = (errors: FieldErrors<BusinessDraft>, key: string) =>
  (errors as Record<string, { message?: string } | undefined>)[key]?.message;

function BusinessForm({ saved }: { saved: BusinessSettings }) {
  const save = useSaveBusiness();
  const formRef = useRef<HTMLFormElement>(null);
  const { register, handleSubmit, reset, setError, watch, formState } = useZodForm(businessFormSchema, {
    defaultValues: businessDraftOf(saved),
  });
  useFocusFirstError(formRef, formState);
  const errors = formState.errors;
  const australian = isAustralian(watch('currency'), watch('locale'));

  const field = (key: TextKey, label: string, options: { hint?: string; type?: string; error?: string } = {}) => (
    <SetupField label={label} hint={options.hint} error={messageAt(errors, options.error ?? key)}>
      {(props) => <input {...props} type={options.type ?? 'text'} className={inputClass} {...register(key)} />}
    </SetupField>
  );

  const submit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (data) => {
        reset(businessDraftOf(data));
        toast.success('Business details saved', { description: 'The storefront shows them from now on.' });
      },
      onError: (error) => {
        if (error instanceof ApiError) showServerErrors(setError, error.fields);
        toast.error('Not saved', { description: error.message });
      },
    }),
  );

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label="Business settings"
      className="grid gap-4 lg:grid-cols-2"
    >
      <fieldset className="min-w-0 grid content-start gap-3 rounded-md border border-stone-300 bg-white p-4">
        <legend className="px-1 font-semibold text-lg">Legal and contact details</legend>
        {field('name', 'Business name', { hint: 'The name customers know you by.' })}
        {field('legal_name', 'Legal name', { hint: 'As registered, if it differs (printed on tax invoices).' })}
        {australian && (
          <div className="grid grid-cols-2 gap-3">
            {field('abn', 'ABN', { hint: '11 digits, e.g. 51 824 753 556' })}
            {field('acn', 'ACN', { hint: '9 digits (companies only)' })}
          </div>
        )}
        {field('address', 'Business address')}
        <div className="grid grid-cols-2 gap-3">
          {field('phone', 'Phone', { type: 'tel' })}
          {field('email', 'Email', { type: 'email' })}
        </div>
      </fieldset>
      <fieldset className="min-w-0 grid content-start gap-3 rounded-md border border-stone-300 bg-white p-4">
        <legend className="px-1 font-semibold text-lg">Tax, currency and language</legend>
        <div className="grid grid-cols-2 gap-3">
          {field('tax_name', 'Tax name', { hint: 'What customers call it, e.g. GST.' })}
          {field('tax_rate', 'Tax rate (%)', { error: 'tax_rate_bps' })}
        </div>
        <SetupField label="Menu prices" error={messageAt(errors, 'tax_mode')}>
          {(props) => (
            <select {...props} className={inputClass} {...register('tax_mode')}>
              <option value="inclusive">Include tax</option>
              <option value="exclusive">Have tax added at checkout</option>
            </select>
          )}
        </SetupField>
        {saved.currency_locked ? (
          <div className="grid gap-3 text-sm">
            <dl className="grid grid-cols-2 gap-3">
              <div>
                <dt className="font-medium">Currency</dt>
                <dd>{saved.currency}</dd>
              </div>
              <div>
                <dt className="font-medium">Locale</dt>
                <dd>{saved.locale}</dd>
              </div>
            </dl>
            <p className="text-stone-600 text-xs">
              Currency and locale cannot change once the business has taken orders.
            </p>
          </div>
        ) : (
          <div className="grid grid-cols-2 gap-3">
            {field('currency', 'Currency', { hint: 'Three letters, e.g. AUD' })}
            {field('locale', 'Locale', { hint: 'e.g. en-AU' })}
          </div>
        )}
      </fieldset>
      <section
        aria-labelledby="business-more"
        className="grid content-start gap-2 rounded-md border border-stone-300 bg-white p-4 text-sm lg:col-span-2"
      >
        <h2 id="business-more" className="font-semibold text-lg">
          Also part of your business settings
        </h2>
        <ul className="grid gap-1">
          <li>
            <Link className="underline" to="/admin/restaurants">
              Restaurants
            </Link>
            : ordering rules per restaurant (lead time, slots, ASAP), closures and tables.
          </li>
          <li>
            <Link className="underline" to="/admin/delivery-zones">
              Delivery zones
            </Link>
            : minimum orders, fees and free delivery.
          </li>
          <li>
            <Link className="underline" to="/admin/rewards">
              Loyalty and gift card settings
            </Link>
          </li>
          <li>
            <Link className="underline" to="/admin/theme">
              Theme
            </Link>
            : the storefront's look, logo and links.
          </li>
        </ul>
      </section>
      <div className="lg:col-span-2">
        <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save business details'}
        </button>
      </div>
    </form>
  );
}

/** Owner: the business's legal and contact details, tax, currency and locale (decision 037). */
export function BusinessPage() {
  const { data, error, isPending } = useBusiness();
  return (
    <section>
      <PageTitle>Business settings</PageTitle>
      {error && <Notice tone="error">{error.message}</Notice>}
      {isPending && <p role="status">Loading…</p>}
      {data && <BusinessForm saved={data} />}
    </section>
  );
}
