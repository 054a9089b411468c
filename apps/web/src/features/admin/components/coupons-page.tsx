import type { AdminCoupon } from '@orderfront/core';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { useZodForm } from '@/lib/forms';
import { formatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useCreateCoupon } from '../api/create-coupon';
import { useCoupons } from '../api/get-coupons';
import { useUpdateCoupon } from '../api/update-coupon';
import {
  type CouponDraft,
  couponChangesFormSchema,
  couponDraftOf,
  emptyCouponDraft,
  newCouponFormSchema,
} from '../lib/coupon-form';
import { problemOf } from '../lib/form';
import { Button, inputClass, LabelledInput, messageOf, Notice, PageTitle } from './ui';

function discountText(c: Pick<AdminCoupon, 'discount_type' | 'value'>) {
  return c.discount_type === 'flat' ? `${formatMoney(c.value)} off` : `${c.value / 100}% off`;
}

function CouponForm<Body extends object>({
  initial,
  isNew,
  busy,
  schema,
  onSubmit,
  onCancel,
}: {
  initial: CouponDraft;
  isNew: boolean;
  busy: boolean;
  schema: z.ZodType<Body, CouponDraft>;
  onSubmit(body: Body): Promise<void>;
  onCancel?(): void;
}) {
  const id = useId();
  const { register, handleSubmit, reset, setError, watch, formState } = useZodForm(schema, { defaultValues: initial });
  const problem = problemOf(formState.errors);
  const flat = watch('discount_type') === 'flat';

  const submit = handleSubmit(async (body) => {
    try {
      await onSubmit(body);
      if (isNew) reset(emptyCouponDraft);
    } catch (error) {
      setError('root.server', { message: messageOf(error) });
    }
  });

  const field = (name: keyof CouponDraft, label: string, props: Record<string, unknown> = {}) => (
    <LabelledInput id={`${id}-${name}`} label={label} {...register(name)} {...props} />
  );

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-md border border-stone-300 bg-white p-4 sm:grid-cols-3">
      {isNew && field('code', 'Code', { required: true, maxLength: 32, autoCapitalize: 'characters' })}
      {field('description', 'Description (for staff)', { maxLength: 200 })}
      <label htmlFor={`${id}-type`} className="grid gap-1 text-sm">
        Discount
        <select id={`${id}-type`} className={inputClass} {...register('discount_type')}>
          <option value="percentage">Percentage off</option>
          <option value="flat">Amount off ($)</option>
        </select>
      </label>
      {field('value', flat ? 'Amount off ($)' : 'Percent off', {
        required: true,
        inputMode: 'decimal',
      })}
      {field('min_spend', 'Minimum spend ($, optional)', { inputMode: 'decimal' })}
      {field('usage_limit', 'Usage limit (optional)', { inputMode: 'numeric' })}
      {field('valid_until', 'Valid until (optional)', { type: 'date' })}
      {problem && (
        <p role="alert" className="text-red-700 text-sm sm:col-span-3">
          {problem}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-3">
        <Button primary type="submit" disabled={busy}>
          {isNew ? 'Create coupon' : 'Save coupon'}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </div>
    </form>
  );
}

/** Coupons (manager+): list with usage, create, edit, disable and enable. */
export function CouponsPage() {
  const { data, error, isPending } = useCoupons();
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const [editing, setEditing] = useState<number | null>(null);

  return (
    <section>
      <PageTitle>Coupons</PageTitle>
      <h2 className="mb-2 font-semibold text-lg">New coupon</h2>
      <CouponForm
        initial={emptyCouponDraft}
        isNew
        busy={create.isPending}
        schema={newCouponFormSchema}
        onSubmit={async (body) => {
          const coupon = await create.mutateAsync(body);
          toast.success('Coupon created', { description: `${coupon.code}: ${discountText(coupon)}` });
        }}
      />
      <h2 className="mt-6 mb-2 font-semibold text-lg">All coupons</h2>
      {error && <Notice tone="error">{error.message}</Notice>}
      {isPending && <p role="status">Loading…</p>}
      {data && data.length === 0 && <p>No coupons yet.</p>}
      {data && data.length > 0 && (
        <ul aria-label="All coupons" className="space-y-2">
          {data.map((c) => (
            <li key={c.id} className="rounded-md border border-stone-300 bg-white p-3">
              <div className="flex flex-wrap items-center gap-3">
                <span className="font-bold font-mono">{c.code}</span>
                <span>{discountText(c)}</span>
                {c.min_spend_cents !== null && <span className="text-sm">over {formatMoney(c.min_spend_cents)}</span>}
                <span className="text-sm text-stone-700">
                  Used {c.usage.used} time{c.usage.used === 1 ? '' : 's'}
                  {c.usage.reserved > 0 && ` (+${c.usage.reserved} in checkout)`}
                  {c.usage_limit !== null && ` of ${c.usage_limit}`}
                </span>
                <span
                  className={`rounded px-2 py-0.5 font-semibold text-xs ${c.is_active ? 'bg-green-100 text-green-900' : 'bg-stone-200 text-stone-800'}`}
                >
                  {c.is_active ? 'Active' : 'Disabled'}
                </span>
                <div className="ml-auto flex gap-2">
                  <Button onClick={() => setEditing(editing === c.id ? null : c.id)} aria-label={`Edit ${c.code}`}>
                    Edit
                  </Button>
                  <Button
                    disabled={update.isPending}
                    aria-label={`${c.is_active ? 'Disable' : 'Enable'} ${c.code}`}
                    onClick={() =>
                      update.mutate(
                        { id: c.id, body: { is_active: !c.is_active } },
                        { onError: (e) => toast.error('Not changed', { description: e.message }) },
                      )
                    }
                  >
                    {c.is_active ? 'Disable' : 'Enable'}
                  </Button>
                </div>
              </div>
              {c.description && <p className="text-sm text-stone-700">{c.description}</p>}
              {editing === c.id && (
                <div className="mt-3">
                  <CouponForm
                    initial={couponDraftOf(c)}
                    isNew={false}
                    busy={update.isPending}
                    schema={couponChangesFormSchema}
                    onCancel={() => setEditing(null)}
                    onSubmit={async (body) => {
                      await update.mutateAsync({ id: c.id, body });
                      toast.success('Coupon saved', { description: c.code });
                      setEditing(null);
                    }}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
