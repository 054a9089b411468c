import { useId } from 'react';
import { ApiError } from '@/lib/api-client';
import { useZodForm } from '@/lib/forms';
import { formatMoney } from '@/lib/money';
import { useCheckGiftCardBalance } from '../api/check-gift-card-balance';
import { giftCardCodeFormSchema } from '../lib/code-form';
import { cardClass, errorClass, inputClass, labelClass, primaryButton } from './styles';

export function BalanceChecker() {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(giftCardCodeFormSchema, { defaultValues: { code: '' } });
  const error = errors.code?.message;
  const check = useCheckGiftCardBalance();
  const id = useId();

  const submit = handleSubmit(({ code }) =>
    check.mutate(code, {
      onError: (e) =>
        setError('code', {
          type: 'server',
          message: e instanceof ApiError ? e.message : 'Something went wrong. Please try again.',
        }),
    }),
  );

  const result = check.isSuccess && !error ? check.data : null;
  return (
    <section aria-labelledby={`${id}-title`} className={cardClass}>
      <h2 id={`${id}-title`} className="font-semibold text-xl">
        Check a balance
      </h2>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={`${id}-code`} className={labelClass}>
            Gift card code
          </label>
          <input
            id={`${id}-code`}
            className={`${inputClass} font-mono uppercase tracking-wider`}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...register('code')}
          />
        </div>
        <button type="submit" className={primaryButton} disabled={check.isPending}>
          {check.isPending ? 'Checking…' : 'Check balance'}
        </button>
      </form>
      {error && (
        <p id={`${id}-error`} role="alert" className={errorClass}>
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
