import { useEffect, useRef, useState } from 'react';
import { errorClass, inputClass, labelClass } from '@/components/ui/styles';
import { formatMoney } from '@/lib/money';
import { useCodeCheck } from '../hooks/use-code-check';

const smallButton =
  'inline-flex items-center justify-center rounded-md border border-stone-400 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60';

/**
 * The checkout's gift card entry (spec §3 appliedGiftCard). Checks the code with the balance call
 * and hands the code to the checkout; the server reserves the amount when the order is placed. A code
 * the checkout kept from an earlier visit is checked again on arrival, so its share shows and a card
 * spent or voided since is taken off with the reason.
 */
export function GiftCardField({
  applied,
  share,
  onApply,
  onRemove,
}: {
  /** The applied code, or null. */
  applied: string | null;
  /** What the card pays of this order (the checkout's payment split), once its balance is known. */
  share: number | null;
  /** A checked code and its available balance. */
  onApply(code: string, balance: number): void;
  onRemove(): void;
}) {
  const { form, check, error, errorId, run: checkCode, codeInput } = useCodeCheck();
  const [balance, setBalance] = useState<{ last4: string; balance: number } | null>(null);
  const rechecked = useRef(false);

  function run(entered: string, onFailed: () => void = () => {}) {
    checkCode(entered, {
      onSuccess: (result) => {
        setBalance({ last4: result.last4, balance: result.balance });
        onApply(entered.trim().toUpperCase(), result.balance);
        form.reset();
      },
      onFailed,
    });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the code found on arrival
  useEffect(() => {
    if (!applied || rechecked.current) return;
    rechecked.current = true;
    run(applied, onRemove);
  }, []);

  const apply = form.handleSubmit(({ code }) => run(code));

  if (applied) {
    const last4 = balance?.last4 ?? applied.replace(/[\s-]/g, '').slice(-4);
    const pays = balance ? share : null;
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-stone-300 p-3">
        <p role="status">
          Gift card ending {last4}
          {pays !== null && (
            <>
              : pays <strong>{formatMoney(pays)}</strong>
              {balance && balance.balance > pays && ` (${formatMoney(balance.balance - pays)} stays on the card)`}
            </>
          )}
        </p>
        <button type="button" className={smallButton} onClick={onRemove}>
          Remove gift card
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={apply} noValidate>
      <label htmlFor={codeInput.id} className={labelClass}>
        Gift card code
      </label>
      <div className="flex gap-2">
        <input className={`${inputClass} font-mono uppercase`} {...codeInput} />
        <button type="submit" className={smallButton} disabled={check.isPending}>
          Apply
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className={errorClass}>
          {error}
        </p>
      )}
    </form>
  );
}
