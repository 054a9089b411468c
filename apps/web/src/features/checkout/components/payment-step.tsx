import type { PaymentSession, PlacedOrder } from '@orderfront/core';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { cardClass, linkClass, primaryButton } from '@/components/ui/styles';
import { ApiError, apiMessage } from '@/lib/api-client';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { useFocusFirstError, useZodForm } from '@/lib/forms';
import { formatMoney } from '@/lib/money';
import { saveOrderAccess } from '@/lib/order-access';
import { answerSandboxChallenge } from '../api/answer-sandbox-challenge';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { paidOrder } from '../api/get-paid-order';
import { placeOrder } from '../api/place-order';
import { refreshPayment } from '../api/refresh-payment';
import { endAttempt, idempotencyKeyFor, saveLastOrder } from '../lib/attempt';
import { cardFormSchema, emptyCard, type SandboxCardBody } from '../lib/card-form';
import { orderBody } from '../lib/order-body';
import { customTipFormSchema } from '../lib/tip-form';
import { type CheckoutPaymentMethod, useCheckoutStore } from '../stores/checkout-store';
import { ChallengeDialog } from './challenge-dialog';
import { CheckoutSteps } from './checkout-steps';
import { SandboxCardFields } from './sandbox-card-fields';
import { StripeCardForm } from './stripe-card-form';
import { TipPicker } from './tip-picker';

export interface PaymentGateway {
  provider: string;
  mode: 'live' | 'test';
}

export interface PaymentStepProps {
  restaurantId: number | null;
  dineIn?: boolean;
  /** The cart's applied coupon (the cart feature keeps it). */
  couponCode: string | null;
  /** The tenant's payment_gateway_config (public part). */
  gateway: PaymentGateway | null;
  summary: ReactNode;
  /** Step 1's route, for going back and when step 1 is not done. */
  backTo: string;
  onPlaced(placed: PlacedOrder): void;
  /** Points redeemed with this order (the route's points field). */
  loyaltyPoints?: number;
  /** Gift card and points fields composed by the route; outside the payment form (they have their own). */
  extras?: ReactNode;
  /** Points and a gift card cover the whole order: no card or cash is asked for. */
  fullyPaid?: boolean;
}

function failureMessage(session: PaymentSession): string {
  if (session.error) return session.error;
  if (session.status === 'cancelled') return 'The payment was cancelled.';
  return 'Your card was declined.';
}

/** Checkout step 2 (spec §4): card (default) or cash; places the order once per attempt. */
export function PaymentStep({
  restaurantId,
  dineIn = false,
  couponCode,
  gateway,
  summary,
  backTo,
  onPlaced,
  loyaltyPoints = 0,
  extras,
  fullyPaid = false,
}: PaymentStepProps) {
  const step1Completed = useCheckoutStore((s) => s.step1Completed);
  const method = useCheckoutStore((s) => s.deliveryMethod);
  const paymentMethod = useCheckoutStore((s) => s.paymentMethod);
  const setPaymentMethod = useCheckoutStore((s) => s.setPaymentMethod);
  const isProcessing = useCheckoutStore((s) => s.isProcessing);
  const isGuest = useAuthStore((s) => !selectIsLoggedIn(s));
  const cardForm = useZodForm(cardFormSchema, { defaultValues: emptyCard });
  const tipForm = useZodForm(customTipFormSchema, {
    defaultValues: { amount: useCheckoutStore.getState().tipCustom ?? '' },
  });
  const [error, setError] = useState<{ message: string; backToDetails: boolean } | null>(null);
  const [challenge, setChallenge] = useState<PlacedOrder | null>(null);
  const [stripe, setStripe] = useState<PlacedOrder | null>(null);
  // A card order waiting for its payment: the cart became this order, so the choice is made.
  const [pending, setPending] = useState<PlacedOrder | null>(null);
  const finished = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, cardForm.formState);
  useFocusFirstError(formRef, tipForm.formState);
  const errorId = useId();
  const usesStripe = gateway?.provider === 'stripe';

  // After the order is placed the route resets the checkout; that must not bounce back to step 1.
  if (!step1Completed && !finished.current) return <Navigate to={backTo} replace />;

  const cashLabel = method === 'delivery' ? 'Cash on delivery' : 'Pay at the counter';
  const options: { value: CheckoutPaymentMethod; label: string }[] = [
    { value: 'card', label: 'Card' },
    { value: 'cashOnDelivery', label: cashLabel },
  ];

  function finish(placed: PlacedOrder) {
    const store = useCheckoutStore.getState();
    store.setProcessing(false);
    store.completeStep2();
    finished.current = true;
    endAttempt();
    saveLastOrder({
      id: placed.order.id,
      orderNumber: placed.order.order_number,
      method: placed.order.method,
      token: isGuest ? placed.access_token : null,
    });
    onPlaced(placed);
  }

  function afterPayment(placed: PlacedOrder, session: PaymentSession) {
    if (session.status === 'succeeded') return finish(placed);
    if (session.status === 'requires_action') return setChallenge(placed);
    setError({ message: failureMessage(session), backToDetails: false });
  }

  async function run(task: () => Promise<void>) {
    const store = useCheckoutStore.getState();
    if (store.isProcessing) return;
    store.setProcessing(true);
    setError(null);
    try {
      await task();
    } catch (e) {
      const message = apiMessage(e, 'Something went wrong. Please try again.');
      // 409/422 are about the order itself (slot gone, restaurant closed, address): step 1 fixes them.
      setError({ message, backToDetails: e instanceof ApiError && (e.status === 409 || e.status === 422) });
    } finally {
      if (!finished.current) useCheckoutStore.getState().setProcessing(false);
    }
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (restaurantId === null) return;
    // A custom tip is checked first; the card's fields after it.
    if (useCheckoutStore.getState().tipCustom !== null && !fullyPaid) {
      void tipForm.handleSubmit(() => pay(event))(event);
      return;
    }
    pay(event);
  }

  function pay(event: React.FormEvent) {
    const payByCard = paymentMethod === 'card' && !fullyPaid;
    if (payByCard && !usesStripe) {
      void cardForm.handleSubmit(place)(event);
      return;
    }
    place(payByCard ? null : undefined);
  }

  /** Places the order; `card` is the sandbox card to pay with, null for Stripe's, undefined for none. */
  function place(card: SandboxCardBody | null | undefined) {
    if (restaurantId === null) return;
    void run(async () => {
      const body = orderBody(useCheckoutStore.getState(), { restaurantId, isGuest, couponCode, loyaltyPoints });
      const placed = await placeOrder(body, idempotencyKeyFor(body));
      // A guest's way back to the order (reload, confirmation page): a header credential, never a URL.
      if (isGuest) saveOrderAccess(placed.order.id, placed.access_token);
      const payment = placed.payment;
      if (card === undefined || !payment || payment.status === 'succeeded') return finish(placed);
      setPending(placed);
      if (payment.provider === 'stripe') {
        setStripe(placed);
        return;
      }
      // The gateway said Stripe but the order answered the sandbox: no card was asked for.
      if (!card) throw new Error('No card details for this payment');
      const session = await confirmSandboxPayment(payment.payment_id, card);
      afterPayment(placed, session);
    });
  }

  function answerChallenge(approve: boolean) {
    const placed = challenge;
    if (!placed?.payment) return;
    void run(async () => {
      const session = await answerSandboxChallenge(placed.payment?.payment_id ?? '', approve);
      setChallenge(null);
      afterPayment(placed, session);
    });
  }

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-3">
        <h1 className="font-extrabold text-3xl">{dineIn ? 'Dine-in payment' : 'Payment'}</h1>
        <CheckoutSteps current={2} />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="flex flex-col gap-5">
          {extras && !pending && <div className={`${cardClass} flex flex-col gap-4`}>{extras}</div>}
          <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Payment">
            {fullyPaid ? (
              <p className={`${cardClass} text-stone-800`} data-testid="fully-paid">
                Your points and gift card cover the whole order: there is nothing else to pay.
              </p>
            ) : (
              <>
                <TipPicker disabled={isProcessing || Boolean(pending)} form={tipForm} />
                <fieldset className={`${cardClass} flex flex-col gap-3`}>
                  <legend className="float-left mb-2 font-bold text-xl">How would you like to pay?</legend>
                  <div className="clear-left flex flex-wrap gap-3">
                    {options.map((o) => (
                      <label
                        key={o.value}
                        className="flex cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-4 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary-light"
                      >
                        <input
                          type="radio"
                          name="paymentMethod"
                          value={o.value}
                          checked={paymentMethod === o.value}
                          disabled={isProcessing || Boolean(pending)}
                          onChange={() => {
                            setError(null);
                            setPaymentMethod(o.value);
                          }}
                          className="accent-primary"
                        />
                        {o.label}
                      </label>
                    ))}
                  </div>
                </fieldset>
                {pending && (
                  <p className="text-stone-800">
                    Order #{pending.order.order_number} is waiting for your card payment of{' '}
                    {formatMoney(pending.order.totals.amount_due, pending.order.currency)}.
                  </p>
                )}
                {paymentMethod === 'card' && !usesStripe && (
                  <fieldset className={`${cardClass} flex flex-col gap-3`}>
                    <legend className="float-left mb-2 font-bold text-xl">Card details</legend>
                    <div className="clear-left">
                      <SandboxCardFields
                        register={cardForm.register}
                        errors={cardForm.formState.errors}
                        testMode={gateway?.mode !== 'live'}
                      />
                    </div>
                  </fieldset>
                )}
                {paymentMethod === 'card' && usesStripe && !stripe && (
                  <p className="text-stone-700">You will enter your card details securely after placing the order.</p>
                )}
                {paymentMethod === 'cashOnDelivery' && (
                  <p className="text-stone-700">
                    {method === 'delivery' ? 'Pay the driver in cash when your order arrives.' : 'Pay at the counter.'}
                  </p>
                )}
              </>
            )}
            <div aria-live="assertive">
              {error && (
                <div
                  id={errorId}
                  role="alert"
                  className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800"
                >
                  <p data-testid="payment-error">{error.message}</p>
                  {error.backToDetails && (
                    <Link to={backTo} className={linkClass}>
                      Change your details
                    </Link>
                  )}
                </div>
              )}
            </div>
            {!stripe && (
              <div className="flex flex-wrap items-center gap-4">
                <button
                  type="submit"
                  disabled={isProcessing || restaurantId === null}
                  aria-describedby={error ? errorId : undefined}
                  className={primaryButton}
                >
                  {isProcessing ? 'Placing your order…' : 'Place order'}
                </button>
                <Link to={backTo} className={linkClass}>
                  Back to details
                </Link>
              </div>
            )}
          </form>
          {/* Stripe's own form: outside ours, forms do not nest. */}
          {stripe?.payment && (
            <StripeCardForm
              key={stripe.payment.payment_id}
              session={stripe.payment}
              check={() => refreshPayment(stripe.payment?.payment_id ?? '', stripe.order.id)}
              submitLabel="Pay now"
              onPaid={async () => finish({ ...stripe, order: await paidOrder(stripe.order.id) })}
              onError={(message) => setError({ message, backToDetails: false })}
            />
          )}
        </div>
        <div className="lg:sticky lg:top-24">{pending ? <PendingOrderSummary placed={pending} /> : summary}</div>
      </div>
      <ChallengeDialog
        open={Boolean(challenge)}
        amount={challenge?.payment ? formatMoney(challenge.payment.amount, challenge.payment.currency) : ''}
        busy={isProcessing}
        onAnswer={answerChallenge}
      />
    </section>
  );
}

function PendingOrderSummary({ placed }: { placed: PlacedOrder }) {
  const { order } = placed;
  return (
    <section aria-labelledby="pending-summary-title" className={`${cardClass} flex flex-col gap-3`}>
      <h2 id="pending-summary-title" className="font-bold text-xl">
        Order summary
      </h2>
      <ul className="flex flex-col gap-2" aria-label="Items">
        {order.lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-3 text-sm" data-testid="summary-line">
            <span>
              {line.quantity} × {line.name}
            </span>
            <span className="shrink-0">{formatMoney(line.discounted_item_total, order.currency)}</span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between border-stone-200 border-t pt-3 font-bold">
        <span>Total</span>
        <span data-testid="summary-total">{formatMoney(order.totals.total, order.currency)}</span>
      </p>
    </section>
  );
}
