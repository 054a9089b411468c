import { useId } from 'react';
import { cardClass, errorClass, inputClass, labelClass, primaryButton } from '@/components/ui/styles';
import { formatMoney } from '@/lib/money';
import { useCodeCheck } from '../hooks/use-code-check';

export function BalanceChecker() {
  const { form, check, error, errorId, run, codeInput } = useCodeCheck();
  const id = useId();
  const submit = form.handleSubmit(({ code }) => run(code));

  const result = check.isSuccess && !error ? check.data : null;
  return (
    <section aria-labelledby={`${id}-title`} className={cardClass}>
      <h2 id={`${id}-title`} className="font-semibold text-xl">
        Check a balance
      </h2>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={codeInput.id} className={labelClass}>
            Gift card code
          </label>
          <input className={`${inputClass} font-mono uppercase tracking-wider`} {...codeInput} />
        </div>
        <button type="submit" className={primaryButton} disabled={check.isPending}>
          {check.isPending ? 'Checking…' : 'Check balance'}
        </button>
      </form>
      {error && (
        <p id={errorId} role="alert" className={errorClass}>
          {error}
        </p>
      )}
      {result && (
        <p role="status" className="mt-4 text-lg">
          Card ending {result.last4}: <strong>{formatMoney(result.balance, result.currency)}</strong> available
          {result.expires_at && (
            <span className="block text-sm text-stone-700">
              Valid until {new Date(result.expires_at).toLocaleDateString()}
            </span>
          )}
        </p>
      )}
    </section>
  );
}
