import { useEffect, useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { cardClass } from '@/components/ui/styles';
import { useTipSettings } from '../api/get-tips';
import type { CustomTipValues } from '../lib/tip-form';
import { useCheckoutStore } from '../stores/checkout-store';

const choiceClass =
  'flex cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-4 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary-light';

/**
 * 'Add a tip?' where the business offers tips for the chosen method (decision 040): no tip, one of
 * its percentages, or an amount of the customer's own where the business allows it. The server works
 * out the amount of a percentage from the order's total and adds the tip to the payment.
 */
export function TipPicker({
  disabled,
  form,
}: {
  disabled: boolean;
  /** The payment step's form of the custom amount (checked when the order is placed). */
  form: UseFormReturn<CustomTipValues, unknown, unknown>;
}) {
  const { data } = useTipSettings();
  const method = useCheckoutStore((s) => s.deliveryMethod);
  const tipPercent = useCheckoutStore((s) => s.tipPercent);
  const tipCustom = useCheckoutStore((s) => s.tipCustom);
  const setTipPercent = useCheckoutStore((s) => s.setTipPercent);
  const setTipCustom = useCheckoutStore((s) => s.setTipCustom);
  const id = useId();
  const on = data?.methods[method] === true;
  const offered = on ? (data?.presets ?? []) : [];
  const custom = on && data?.allow_custom === true;
  const stalePercent = tipPercent !== null && data !== undefined && !offered.includes(tipPercent);
  const staleCustom = tipCustom !== null && data !== undefined && !custom;
  useEffect(() => {
    // A tip chosen for another method, or before the business changed its tips, is dropped.
    if (stalePercent) setTipPercent(null);
    if (staleCustom) setTipCustom(null);
  }, [stalePercent, staleCustom, setTipPercent, setTipCustom]);
  if (offered.length === 0 && !custom) return null;
  const choices = [{ value: null, label: 'No tip' }, ...offered.map((p) => ({ value: p, label: `${p}%` }))];
  const error = form.formState.errors.amount?.message;
  const amount = form.register('amount', { onChange: (e) => setTipCustom(e.target.value) });
  return (
    <fieldset className={`${cardClass} flex flex-col gap-3`}>
      <legend className="float-left mb-2 font-bold text-xl">Add a tip?</legend>
      <p className="clear-left text-sm text-stone-700">
        {offered.length > 0 ? "A share of your order's total" : 'An amount of your choice'}, paid with your order.
      </p>
      <div className="flex flex-wrap gap-3">
        {choices.map((c) => (
          <label key={c.label} className={choiceClass}>
            <input
              type="radio"
              name="tip"
              value={c.value ?? ''}
              checked={tipCustom === null && tipPercent === c.value}
              disabled={disabled}
              onChange={() => setTipPercent(c.value)}
              className="accent-primary"
            />
            {c.label}
          </label>
        ))}
        {custom && (
          <label className={choiceClass}>
            <input
              type="radio"
              name="tip"
              value="custom"
              checked={tipCustom !== null}
              disabled={disabled}
              onChange={() => {
                const text = form.getValues('amount');
                setTipCustom(text);
              }}
              className="accent-primary"
            />
            Other amount
          </label>
        )}
      </div>
      {custom && tipCustom !== null && (
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={`${id}-amount`} className="font-medium">
            Tip amount ($)
          </label>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            disabled={disabled}
            className="w-40 rounded-md border border-stone-300 px-3 py-2"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...amount}
          />
          {error && (
            <p id={`${id}-error`} className="text-red-800">
              {error}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
