import type { PaymentSession } from '@orderfront/core';
import { useId, useRef, useState } from 'react';
import { primaryButton } from '@/components/ui/styles';
import { ChallengeDialog } from '@/features/checkout/components/challenge-dialog';
import { SandboxCardFields } from '@/features/checkout/components/sandbox-card-fields';
import { StripeCardForm } from '@/features/checkout/components/stripe-card-form';
import { cardFormSchema, emptyCard } from '@/features/checkout/lib/card-form';
import { BalanceChecker } from '@/features/gift-cards/components/balance-checker';
import { BuyGiftCard, type RenderPayment } from '@/features/gift-cards/components/buy-gift-card';
import { GiftCardsPage } from '@/features/gift-cards/components/gift-cards-page';
import { useConfigStore } from '@/features/settings/stores/config-store';
import { apiMessage } from '@/lib/api-client';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { useFocusFirstError, useZodForm } from '@/lib/forms';
import { formatMoney } from '@/lib/money';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Gift cards' };

type PaymentProps = Parameters<RenderPayment>[0];

/** The checkout's sandbox card form (and its challenge step), paying a gift card purchase. */
function SandboxPayment({ payment, paySandbox, answerChallenge }: PaymentProps) {
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const testMode = useConfigStore((s) => s.paymentConfig?.mode !== 'live');
  const {
    register,
    handleSubmit,
    formState,
    formState: { errors },
  } = useZodForm(cardFormSchema, { defaultValues: emptyCard });
  useFocusFirstError(formRef, formState);
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
      setFailure(apiMessage(error, 'Something went wrong. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  // The gift card's pay call takes no name on the card.
  const submit = handleSubmit(({ name: _name, ...card }) => void attempt(() => paySandbox(card)));

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Card payment">
      <SandboxCardFields register={register} errors={errors} testMode={testMode} />
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
