import { type AdminRewards, type AdminRewardsBody, adminRewardsBodySchema } from '@storefront/core';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRewards, useSaveRewards } from '../api/rewards';
import { centsToText, parseCents } from './money-input';
import { formatCents, inputClass, Notice, PageTitle, primaryButtonClass } from './ui';

/** The form as typed; numbers stay text until saved so a half-typed value is never lost. */
interface Draft {
  loyaltyEnabled: boolean;
  pointsPerDollar: string;
  redeemPoints: string;
  redeemValue: string;
  minRedeemPoints: string;
  expiryMonths: string;
  giftCardsEnabled: boolean;
  minAmount: string;
  maxAmount: string;
  presets: string;
  validMonths: string;
  maxDeliveryDays: string;
}

function draftOf(r: AdminRewards): Draft {
  return {
    loyaltyEnabled: r.loyalty.enabled,
    pointsPerDollar: String(r.loyalty.points_per_dollar),
    redeemPoints: String(r.loyalty.redeem_points),
    redeemValue: centsToText(r.loyalty.redeem_value_cents),
    minRedeemPoints: String(r.loyalty.min_redeem_points),
    expiryMonths: String(r.loyalty.expiry_months),
    giftCardsEnabled: r.gift_cards.enabled,
    minAmount: centsToText(r.gift_cards.min_amount),
    maxAmount: centsToText(r.gift_cards.max_amount),
    presets: r.gift_cards.presets.map(centsToText).join(', '),
    validMonths: r.gift_cards.valid_months === null ? '' : String(r.gift_cards.valid_months),
    maxDeliveryDays: String(r.gift_cards.max_delivery_days),
  };
}

/** A whole number as typed, or NaN (the schema then says what is wrong). */
const count = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
const money = (text: string) => parseCents(text) ?? Number.NaN;

function bodyOf(d: Draft): unknown {
  return {
    loyalty: {
      enabled: d.loyaltyEnabled,
      points_per_dollar: count(d.pointsPerDollar),
      redeem_points: count(d.redeemPoints),
      redeem_value_cents: money(d.redeemValue),
      min_redeem_points: count(d.minRedeemPoints),
      expiry_months: count(d.expiryMonths),
    },
    gift_cards: {
      enabled: d.giftCardsEnabled,
      min_amount: money(d.minAmount),
      max_amount: money(d.maxAmount),
      presets: d.presets.trim() === '' ? [] : d.presets.split(',').map(money),
      valid_months: d.validMonths.trim() === '' ? null : count(d.validMonths),
      max_delivery_days: count(d.maxDeliveryDays),
    },
  };
}

type Errors = Record<string, string>;

function errorsOf(body: unknown): { body?: AdminRewardsBody; errors: Errors } {
  const parsed = adminRewardsBodySchema.safeParse(body);
  if (parsed.success) return { body: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    // A preset's own problem belongs to the presets field.
    const key = issue.path.slice(0, 2).join('.');
    errors[key] ??= issue.message;
  }
  return { errors };
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
  const error = errors[name];
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
  const [draft, setDraft] = useState(() => draftOf(saved));
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const toggle = (key: 'loyaltyEnabled' | 'giftCardsEnabled', label: string) => (
    <label className="flex items-center gap-3 text-sm">
      <input
        type="checkbox"
        className="size-5 accent-stone-900"
        checked={draft[key]}
        onChange={(e) => set({ [key]: e.target.checked })}
      />
      {label}
    </label>
  );
  /** The input of a text field of the draft, for Field to label. */
  const text =
    (key: keyof Draft, inputMode: 'numeric' | 'decimal' = 'numeric') =>
    (props: { id: string }) => (
      <input
        {...props}
        className={inputClass}
        inputMode={inputMode}
        value={draft[key] as string}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    const { body, errors: found } = errorsOf(bodyOf(draft));
    setErrors(found);
    if (!body) return;
    save.mutate(body, {
      onSuccess: (data) => {
        setDraft(draftOf(data));
        toast.success('Rewards saved', { description: 'New orders and gift card purchases use these settings.' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields as Errors);
        toast.error('Not saved', { description: error.message });
      },
    });
  }

  const points = count(draft.redeemPoints);
  const worth = money(draft.redeemValue);
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 lg:grid-cols-2" aria-label="Rewards settings">
      <fieldset className="grid content-start gap-3 rounded-md border border-stone-300 bg-white p-4">
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
            {points} points take {formatCents(worth, saved.currency)} off an order.
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
      <fieldset className="grid content-start gap-3 rounded-md border border-stone-300 bg-white p-4">
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
