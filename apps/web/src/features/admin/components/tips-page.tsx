import type { TipSettings } from '@orderfront/core';
import { useId } from 'react';
import { get } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { showServerErrors, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useAdminTips, useSaveTips } from '../api/tips';
import { tipsDraftOf, tipsFormSchema } from '../lib/tips-form';
import { inputClass, Notice, PageTitle, primaryButtonClass } from './ui';

const methods = [
  { key: 'pickup', label: 'Pickup' },
  { key: 'delivery', label: 'Delivery' },
  { key: 'dine_in', label: 'Dine-in' },
] as const;

function TipsForm({ saved }: { saved: TipSettings }) {
  const save = useSaveTips();
  const id = useId();
  const { register, handleSubmit, reset, setError, formState } = useZodForm(tipsFormSchema, {
    defaultValues: tipsDraftOf(saved),
  });
  // A percentage's own problem (presets.1) belongs to the presets field too.
  const found = get(formState.errors, 'presets') as { message?: string } | { message?: string }[] | undefined;
  const presetsError = Array.isArray(found) ? found.find((item) => item?.message)?.message : found?.message;
  const methodsError = (get(formState.errors, 'methods') as { message?: string } | undefined)?.message;

  const submit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (data) => {
        reset(tipsDraftOf(data));
        toast.success('Tips saved', { description: 'The checkout offers these tips from now on.' });
      },
      onError: (error) => {
        if (error instanceof ApiError) showServerErrors(setError, error.fields);
        toast.error('Not saved', { description: error.message });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid max-w-xl gap-4" aria-label="Tip settings">
      <fieldset className="min-w-0 grid gap-3 rounded-md border border-stone-300 bg-white p-4">
        <legend className="px-1 font-semibold text-lg">Offer tips for</legend>
        <p className="text-sm text-stone-700">Tips are off until you turn them on for a way of ordering.</p>
        {methods.map((m) => (
          <label key={m.key} className="flex items-center gap-3 text-sm">
            <input type="checkbox" className="size-5 accent-stone-900" {...register(m.key)} />
            {m.label}
          </label>
        ))}
        {methodsError && <p className="text-red-800 text-sm">{methodsError}</p>}
      </fieldset>
      <fieldset className="min-w-0 grid gap-3 rounded-md border border-stone-300 bg-white p-4">
        <legend className="px-1 font-semibold text-lg">What customers can choose</legend>
        <div className="grid gap-1 text-sm">
          <label htmlFor={`${id}-presets`} className="font-medium">
            Percentages offered as buttons
          </label>
          <input
            id={`${id}-presets`}
            className={inputClass}
            inputMode="numeric"
            aria-invalid={presetsError ? true : undefined}
            aria-describedby={[`${id}-presets-hint`, presetsError ? `${id}-presets-error` : null]
              .filter(Boolean)
              .join(' ')}
            {...register('presets')}
          />
          <p id={`${id}-presets-hint`} className="text-stone-600 text-xs">
            Whole numbers from 1 to 100, separated with commas, e.g. 5, 10, 15. At most four.
          </p>
          {presetsError && (
            <p id={`${id}-presets-error`} className="text-red-800">
              {presetsError}
            </p>
          )}
        </div>
        <label className="flex items-center gap-3 text-sm">
          <input type="checkbox" className="size-5 accent-stone-900" {...register('allow_custom')} />
          Customers may type an amount of their own (up to $500)
        </label>
      </fieldset>
      <fieldset className="grid gap-3 rounded-md border border-stone-300 bg-white p-4">
        <legend className="px-1 font-semibold text-lg">Tax on tips</legend>
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-5 accent-stone-900"
            aria-describedby={`${id}-taxed-hint`}
            {...register('taxed')}
          />
          Tips include the business’s tax (GST)
        </label>
        <p id={`${id}-taxed-hint`} className="text-stone-600 text-xs">
          Ask your accountant. When on, the tax is part of the tip at your tax rate, never added to it: invoices show it
          and reports count it in the tax collected. Orders already placed keep what they had.
        </p>
      </fieldset>
      <div>
        <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save tips'}
        </button>
      </div>
    </form>
  );
}

/** Owner: whether the checkout offers tips, per way of ordering, and which (decision 040). */
export function TipsPage() {
  const { data, error, isPending } = useAdminTips();
  return (
    <section>
      <PageTitle>Tips</PageTitle>
      {error && <Notice tone="error">{error.message}</Notice>}
      {isPending && <p role="status">Loading…</p>}
      {data && <TipsForm saved={data} />}
    </section>
  );
}
