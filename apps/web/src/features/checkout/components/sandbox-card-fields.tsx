import { sandboxTestCards } from '@storefront/core';
import { Field } from '@/components/ui/field';
import type { CardErrors, CardFields } from '../lib/card';

const spaced = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The sandbox provider's card form (test mode): number, expiry, CVC and name. */
export function SandboxCardFields({
  value,
  errors,
  onChange,
  testMode,
}: {
  value: CardFields;
  errors: CardErrors;
  onChange(patch: Partial<CardFields>): void;
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
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          value={value.number}
          onChange={(e) => onChange({ number: e.target.value })}
          error={errors.number}
          className="sm:col-span-2"
        />
        <Field
          label="Expiry date (MM/YY)"
          name="expiry"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={value.expiry}
          onChange={(e) => onChange({ expiry: e.target.value })}
          error={errors.expiry}
        />
        <Field
          label="Security code (CVC)"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={value.cvc}
          onChange={(e) => onChange({ cvc: e.target.value })}
          error={errors.cvc}
        />
        <Field
          label="Name on card"
          name="cardName"
          autoComplete="cc-name"
          value={value.name}
          onChange={(e) => onChange({ name: e.target.value })}
          error={errors.name}
          className="sm:col-span-2"
        />
      </div>
    </div>
  );
}
