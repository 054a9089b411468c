import { useEffect } from 'react';
import { cardClass } from '@/components/ui/styles';
import { useTipSettings } from '../api/get-tips';
import { useCheckoutStore } from '../stores/checkout-store';

/**
 * 'Add a tip?' where the business offers tips for the chosen method (decision 040): no tip or one of
 * its percentages. The server works out the amount from the order's total and adds it to the payment.
 */
export function TipPicker({ disabled }: { disabled: boolean }) {
  const { data } = useTipSettings();
  const method = useCheckoutStore((s) => s.deliveryMethod);
  const tipPercent = useCheckoutStore((s) => s.tipPercent);
  const setTipPercent = useCheckoutStore((s) => s.setTipPercent);
  const offered = data?.methods[method] ? data.presets : [];
  const stale = tipPercent !== null && data !== undefined && !offered.includes(tipPercent);
  useEffect(() => {
    // A tip chosen for another method, or before the business changed its percentages, is dropped.
    if (stale) setTipPercent(null);
  }, [stale, setTipPercent]);
  if (offered.length === 0) return null;
  const choices = [{ value: null, label: 'No tip' }, ...offered.map((p) => ({ value: p, label: `${p}%` }))];
  return (
    <fieldset className={`${cardClass} flex flex-col gap-3`}>
      <legend className="float-left mb-2 font-bold text-xl">Add a tip?</legend>
      <p className="clear-left text-sm text-stone-700">A share of your order's total, paid with your order.</p>
      <div className="flex flex-wrap gap-3">
        {choices.map((c) => (
          <label
            key={c.label}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-4 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary-light"
          >
            <input
              type="radio"
              name="tip"
              value={c.value ?? ''}
              checked={tipPercent === c.value}
              disabled={disabled}
              onChange={() => setTipPercent(c.value)}
              className="accent-primary"
            />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
