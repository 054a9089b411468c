import type { PaymentSession } from '@storefront/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { focusFirstError } from '@/components/ui/field';
import { primaryButton } from '@/components/ui/styles';
import { SandboxCardFields } from '@/features/checkout/components/sandbox-card-fields';
import { type CardErrors, type CardFields, digitsOnly, parseExpiry, validateCard } from '@/features/checkout/lib/card';
import { BalanceChecker } from '@/features/gift-cards/components/balance-checker';
import { BuyGiftCard, type RenderPayment } from '@/features/gift-cards/components/buy-gift-card';
import { GiftCardsPage } from '@/features/gift-cards/components/gift-cards-page';
import { useConfigStore } from '@/features/settings/stores/config-store';
import { ApiError } from '@/lib/api-client';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Gift cards' };

const emptyCard: CardFields = { number: '', expiry: '', cvc: '', name: '' };

/** The checkout's sandbox card form, paying a gift card purchase. */
function SandboxPayment({
  payment,
  paySandbox,
}: {
  payment: PaymentSession;
  paySandbox: Parameters<RenderPayment>[0]['paySandbox'];
}) {
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const testMode = useConfigStore((s) => s.paymentConfig?.mode !== 'live');
  const [card, setCard] = useState(emptyCard);
  const [errors, setErrors] = useState<CardErrors>({});
  const [failure, setFailure] = useState<string | null>(payment.error);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateCard(card);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    const expiry = parseExpiry(card.expiry);
    setBusy(true);
    setFailure(null);
    try {
      const after = await paySandbox({
        card_number: digitsOnly(card.number),
        exp_month: expiry?.month ?? 0,
        exp_year: expiry?.year ?? 0,
        cvc: card.cvc.trim(),
      });
      if (after?.status === 'requires_action') setFailure('This card needs a confirmation step. Use another card.');
      else if (after) setFailure(after.error ?? 'Your card was declined.');
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Card payment">
      <SandboxCardFields
        value={card}
        errors={errors}
        testMode={testMode}
        onChange={(patch) => setCard((c) => ({ ...c, ...patch }))}
      />
      {failure && (
        <p id={errorId} role="alert" className="text-red-800">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className={`${primaryButton} self-start`}
        disabled={busy}
        aria-describedby={failure ? errorId : undefined}
      >
        {busy ? 'Paying…' : 'Pay now'}
      </button>
    </form>
  );
}

const renderPayment: RenderPayment = ({ payment, paySandbox }) =>
  payment.provider === 'sandbox' ? (
    <SandboxPayment payment={payment} paySandbox={paySandbox} />
  ) : (
    <p role="alert">Card payments are not available at the moment.</p>
  );

/** /gift-cards: buy a card (paid by card) and check a balance. */
export function Component() {
  const user = useAuthStore((state) => (selectIsLoggedIn(state) ? state.user : null));
  return (
    <GiftCardsPage>
      <BuyGiftCard renderPayment={renderPayment} contact={user ? { name: user.name, email: user.email } : null} />
      <BalanceChecker />
    </GiftCardsPage>
  );
}
