import type { AdminCoupon } from '@storefront/core';
import { type FormEvent, useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { useCouponMutations, useCoupons } from '../api/coupons';
import { centsToText, parseCents } from './money-input';
import { Button, formatCents, inputClass, messageOf, Notice, PageTitle } from './ui';

/** '12.5' (%) → 1250 basis points, without floating-point maths. */
function parsePercent(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return value >= 1 && value <= 10_000 ? value : null;
}

const percentText = (bp: number) => `${bp / 100}`;

function discountText(c: Pick<AdminCoupon, 'discount_type' | 'value'>) {
  return c.discount_type === 'flat' ? `${formatCents(c.value)} off` : `${c.value / 100}% off`;
}

interface Draft {
  code: string;
  description: string;
  discount_type: 'flat' | 'percentage';
  value: string;
  min_spend: string;
  usage_limit: string;
  valid_until: string;
}

const emptyDraft: Draft = {
  code: '',
  description: '',
  discount_type: 'percentage',
  value: '',
  min_spend: '',
  usage_limit: '',
  valid_until: '',
};

function draftOf(c: AdminCoupon): Draft {
  return {
    code: c.code,
    description: c.description,
    discount_type: c.discount_type,
    value: c.discount_type === 'flat' ? centsToText(c.value) : percentText(c.value),
    min_spend: c.min_spend_cents === null ? '' : centsToText(c.min_spend_cents),
    usage_limit: c.usage_limit === null ? '' : String(c.usage_limit),
    valid_until: c.valid_until?.slice(0, 10) ?? '',
  };
}

/** The draft as the API's fields, or the first problem. */
function fieldsOf(d: Draft) {
  const value = d.discount_type === 'flat' ? parseCents(d.value) : parsePercent(d.value);
  if (value === null || value < 1) {
    return {
      problem: d.discount_type === 'flat' ? 'Enter the amount off, like 5.00' : 'Enter a percentage from 0.01 to 100',
    };
  }
  const min = d.min_spend.trim() === '' ? null : parseCents(d.min_spend);
  if (d.min_spend.trim() !== '' && min === null) return { problem: 'Enter the minimum spend like 30.00' };
  const limit = d.usage_limit.trim() === '' ? null : Number(d.usage_limit);
  if (limit !== null && (!Number.isInteger(limit) || limit < 1))
    return { problem: 'The usage limit is a whole number' };
  return {
    fields: {
      description: d.description.trim(),
      discount_type: d.discount_type,
      value,
      min_spend_cents: min,
      usage_limit: limit,
      valid_until: d.valid_until || null,
    },
  };
}

function CouponForm({
  initial,
  isNew,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: Draft;
  isNew: boolean;
  busy: boolean;
  onSubmit(draft: Draft): Promise<void>;
  onCancel?(): void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = fieldsOf(draft);
    if ('problem' in result) {
      setProblem(result.problem ?? null);
      return;
    }
    setProblem(null);
    try {
      await onSubmit(draft);
      if (isNew) setDraft(emptyDraft);
    } catch (error) {
      setProblem(messageOf(error));
    }
  }

  const field = (name: keyof Draft, label: string, props: Record<string, unknown> = {}) => (
    <label htmlFor={`${id}-${name}`} className="grid gap-1 text-sm">
      {label}
      <input
        id={`${id}-${name}`}
        className={inputClass}
        value={draft[name]}
        onChange={(e) => set({ [name]: e.target.value } as Partial<Draft>)}
        {...props}
      />
    </label>
  );

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-md border border-stone-300 bg-white p-4 sm:grid-cols-3">
      {isNew && field('code', 'Code', { required: true, maxLength: 32, autoCapitalize: 'characters' })}
      {field('description', 'Description (for staff)', { maxLength: 200 })}
      <label htmlFor={`${id}-type`} className="grid gap-1 text-sm">
        Discount
        <select
          id={`${id}-type`}
          className={inputClass}
          value={draft.discount_type}
          onChange={(e) => set({ discount_type: e.target.value as Draft['discount_type'] })}
        >
          <option value="percentage">Percentage off</option>
          <option value="flat">Amount off ($)</option>
        </select>
      </label>
      {field('value', draft.discount_type === 'flat' ? 'Amount off ($)' : 'Percent off', {
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
  const { create, update } = useCouponMutations();
  const [editing, setEditing] = useState<number | null>(null);

  return (
    <section>
      <PageTitle>Coupons</PageTitle>
      <h2 className="mb-2 font-semibold text-lg">New coupon</h2>
      <CouponForm
        initial={emptyDraft}
        isNew
        busy={create.isPending}
        onSubmit={async (draft) => {
          const result = fieldsOf(draft);
          if (!('fields' in result) || !result.fields) return;
          const coupon = await create.mutateAsync({ ...result.fields, code: draft.code.trim() });
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
                {c.min_spend_cents !== null && <span className="text-sm">over {formatCents(c.min_spend_cents)}</span>}
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
                    initial={draftOf(c)}
                    isNew={false}
                    busy={update.isPending}
                    onCancel={() => setEditing(null)}
                    onSubmit={async (draft) => {
                      const result = fieldsOf(draft);
                      if (!('fields' in result) || !result.fields) return;
                      await update.mutateAsync({ id: c.id, body: result.fields });
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
