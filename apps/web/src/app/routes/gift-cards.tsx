import type { PaymentSession } from '@storefront/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { focusFirstError } from '@/components/ui/field';
import { primaryButton } from '@/components/ui/styles';
import { ChallengeDialog } from '@/features/checkout/components/challenge-dialog';
import { SandboxCardFields } from '@/features/checkout/components/sandbox-card-fields';
import { StripeCardForm } from '@/features/checkout/components/stripe-card-form';
import { type CardErrors, type CardFields, digitsOnly, parseExpiry, validateCard } from '@/features/checkout/lib/card';
import { BalanceChecker } from '@/features/gift-cards/components/balance-checker';
import { BuyGiftCard, type RenderPayment } from '@/features/gift-cards/components/buy-gift-card';
import { GiftCardsPage } from '@/features/gift-cards/components/gift-cards-page';
import { useConfigStore } from '@/features/settings/stores/config-store';
import { ApiError } from '@/lib/api-client';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { formatMoney } from '@/lib/money';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Gift cards' };

const emptyCard: CardFields = { number: '', expiry: '', cvc: '', name: '' };

type PaymentProps = Parameters<RenderPayment>[0];

/** The checkout's sandbox card form (and its challenge step), paying a gift card purchase. */
function SandboxPayment({ payment, paySandbox, answerChallenge }: PaymentProps) {
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const testMode = useConfigStore((s) => s.paymentConfig?.mode !== 'live');
  const [card, setCard] = useState(emptyCard);
  const [errors, setErrors] = useState<CardErrors>({});
  const [failure, setFailure] = useState<string | null>(payment.error);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState(false);

  async function attempt(run: () => Promise<PaymentSession | null>) {
    setBusy(true);
    setFailure(null);
    try {
      const after = await run();
      setChallenge(after?.status === 'requires_action');
      if (after && after.status !== 'requires_action') setFailure(after.error ?? 'Your card was declined.');
    } catch (error) {
      setChallenge(false);
      setFailure(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateCard(card);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    const expiry = parseExpiry(card.expiry);
    void attempt(() =>
      paySandbox({
        card_number: digitsOnly(card.number),
        exp_month: expiry?.month ?? 0,
        exp_year: expiry?.year ?? 0,
        cvc: card.cvc.trim(),
      }),
    );
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
      <ChallengeDialog
        open={challenge}
        amount={formatMoney(payment.amount, payment.currency)}
        busy={busy}
        onAnswer={(approve) => void attempt(() => answerChallenge(approve))}
      />
    </form>
  );
}

/** Stripe's Payment Element (decision 015): the card never reaches our server. */
function StripePayment({ payment, check, onPaid }: PaymentProps) {
  return (
    <StripeCardForm
      key={payment.payment_id}
      session={payment}
      check={check}
      onPaid={onPaid}
      onError={() => undefined}
      submitLabel={`Pay ${formatMoney(payment.amount, payment.currency)}`}
    />
  );
}

const renderPayment: RenderPayment = (props) =>
  props.payment.provider === 'stripe' ? <StripePayment {...props} /> : <SandboxPayment {...props} />;

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
