import type { AdminRewards } from '@orderfront/core';
import { type ReactNode, useId } from 'react';
import { type FieldErrors, get } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { showServerErrors, useZodForm } from '@/lib/forms';
import { formatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useRewards } from '../api/get-rewards';
import { useSaveRewards } from '../api/save-rewards';
import { count, money, type RewardsDraft, rewardsDraftOf, rewardsFormSchema } from '../lib/rewards-form';
import { inputClass, Notice, PageTitle, primaryButtonClass } from './ui';

type Errors = FieldErrors<RewardsDraft>;

/** A field's message at a body path; a preset's own problem belongs to the presets field. */
function errorAt(errors: Errors, name: string): string | undefined {
  const found = get(errors, name) as { message?: string } | { message?: string }[] | undefined;
  if (Array.isArray(found)) return found.find((item) => item?.message)?.message;
  return found?.message;
}

function Field({
  name,
  label,
  hint,
  errors,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  errors: Errors;
  children: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const error = errorAt(errors, name);
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1 text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="text-stone-600 text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

function RewardsForm({ saved }: { saved: AdminRewards }) {
  const save = useSaveRewards();
  const { register, handleSubmit, reset, setError, watch, formState } = useZodForm(rewardsFormSchema, {
    defaultValues: rewardsDraftOf(saved),
  });
  const errors = formState.errors;
  const toggle = (key: 'loyaltyEnabled' | 'giftCardsEnabled', label: string) => (
    <label className="flex items-center gap-3 text-sm">
      <input type="checkbox" className="size-5 accent-stone-900" {...register(key)} />
      {label}
    </label>
  );
  /** The input of a text field of the draft, for Field to label. */
  const text =
    (
      key: Exclude<keyof RewardsDraft, 'loyaltyEnabled' | 'giftCardsEnabled'>,
      inputMode: 'numeric' | 'decimal' = 'numeric',
    ) =>
    (props: { id: string }) => <input {...props} className={inputClass} inputMode={inputMode} {...register(key)} />;

  const submit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (data) => {
        reset(rewardsDraftOf(data));
        toast.success('Rewards saved', { description: 'New orders and gift card purchases use these settings.' });
      },
      onError: (error) => {
        if (error instanceof ApiError) showServerErrors(setError, error.fields);
        toast.error('Not saved', { description: error.message });
      },
    }),
  );

  const points = count(watch('redeemPoints'));
  const worth = money(watch('redeemValue'));
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 lg:grid-cols-2" aria-label="Rewards settings">
      <fieldset className="min-w-0 grid content-start gap-3 rounded-md border border-stone-300 bg-white p-4">
        <legend className="px-1 font-semibold text-lg">Loyalty points</legend>
        {toggle('loyaltyEnabled', 'Customers earn and redeem points')}
        <Field name="loyalty.points_per_dollar" label="Points earned per dollar spent" errors={errors}>
          {text('pointsPerDollar')}
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field name="loyalty.redeem_points" label="Points redeemed together" errors={errors}>
            {text('redeemPoints')}
          </Field>
          <Field name="loyalty.redeem_value_cents" label="Are worth ($)" errors={errors}>
            {text('redeemValue', 'decimal')}
          </Field>
        </div>
        {Number.isInteger(points) && points > 0 && Number.isInteger(worth) && (
          <p className="text-sm text-stone-700" role="status">
            {points} points take {formatMoney(worth, saved.currency)} off an order.
          </p>
        )}
        <Field name="loyalty.min_redeem_points" label="Minimum points to redeem" errors={errors}>
          {text('minRedeemPoints')}
        </Field>
        <Field
          name="loyalty.expiry_months"
          label="Points expire after this many months without an order"
          hint="0 means points never expire."
          errors={errors}
        >
          {text('expiryMonths')}
        </Field>
      </fieldset>
      <fieldset className="min-w-0 grid content-start gap-3 rounded-md border border-stone-300 bg-white p-4">
        <legend className="px-1 font-semibold text-lg">Gift cards</legend>
        {toggle('giftCardsEnabled', 'Sell gift cards online')}
        <div className="grid grid-cols-2 gap-3">
          <Field name="gift_cards.min_amount" label="Smallest amount ($)" errors={errors}>
            {text('minAmount', 'decimal')}
          </Field>
          <Field name="gift_cards.max_amount" label="Largest amount ($)" errors={errors}>
            {text('maxAmount', 'decimal')}
          </Field>
        </div>
        <Field
          name="gift_cards.presets"
          label="Amounts offered as buttons ($)"
          hint="Separate with commas, e.g. 25, 50, 100. Buyers can also type their own amount."
          errors={errors}
        >
          {text('presets', 'decimal')}
        </Field>
        <Field
          name="gift_cards.valid_months"
          label="Cards are valid for (months)"
          hint="Leave empty for cards that never expire. Check the minimum your local law requires."
          errors={errors}
        >
          {text('validMonths')}
        </Field>
        <Field
          name="gift_cards.max_delivery_days"
          label="Buyers may schedule delivery up to (days ahead)"
          errors={errors}
        >
          {text('maxDeliveryDays')}
        </Field>
      </fieldset>
      <div className="lg:col-span-2">
        <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save rewards'}
        </button>
      </div>
    </form>
  );
}

/** Owner: the loyalty programme and the gift cards the shop sells. */
export function RewardsPage() {
  const { data, error, isPending } = useRewards();
  return (
    <section>
      <PageTitle>Loyalty and gift cards</PageTitle>
      {error && <Notice tone="error">{error.message}</Notice>}
      {isPending && <p role="status">Loading…</p>}
      {data && <RewardsForm saved={data} />}
    </section>
  );
}
