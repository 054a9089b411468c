import { sandboxTestCards } from '@orderfront/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import type { CardFormValues } from '../lib/card-form';

const spaced = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The sandbox provider's card form (test mode): number, expiry, CVC and name. */
export function SandboxCardFields({
  register,
  errors,
  testMode,
}: {
  register: UseFormRegister<CardFormValues>;
  errors: FieldErrors<CardFormValues>;
  testMode: boolean;
}) {
  return (
    <div className="flex flex-col gap-4">
      {testMode && (
        <div
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-stone-900"
          data-testid="test-cards"
        >
          <p className="font-semibold">Test mode: no real payment is taken.</p>
          <p>
            Use {spaced(sandboxTestCards.success)} with any future expiry date and any 3-digit CVC. Other test cards:{' '}
            {spaced(sandboxTestCards.declined)} is declined, {spaced(sandboxTestCards.insufficientFunds)} has
            insufficient funds, {spaced(sandboxTestCards.challenge)} asks you to confirm the payment.
          </p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          error={errors.cardNumber?.message}
          className="sm:col-span-2"
          {...register('cardNumber')}
        />
        <Field
          label="Expiry date (MM/YY)"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          error={errors.expiry?.message}
          {...register('expiry')}
        />
        <Field
          label="Security code (CVC)"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          error={errors.cvc?.message}
          {...register('cvc')}
        />
        <Field
          label="Name on card"
          autoComplete="cc-name"
          error={errors.cardName?.message}
          className="sm:col-span-2"
          {...register('cardName')}
        />
      </div>
    </div>
  );
}
