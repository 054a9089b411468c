import type { PaymentSession } from '@orderfront/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeError } from '@stripe/stripe-js';
// The pure entry fetches Stripe.js only when loadStripe is called, not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FormEvent, useEffect, useState } from 'react';
import { apiMessage } from '@/lib/api-client';

/**
 * The card form for `session.provider === 'stripe'` (decision 015). The card is typed into Stripe's
 * own iframe (Payment Element) and confirmed by Stripe.js straight with Stripe, using the
 * intent's client secret; our server never sees card data. Afterwards the server is asked to read
 * the payment from Stripe (`check`), and only its answer decides whether the order or gift card is paid.
 * Mount it with `key={session.payment_id}`: Stripe's Elements reads the client secret once.
 */
export interface StripeCardFormProps {
  session: PaymentSession;
  /**
   * Asks our server to read the payment from Stripe (an order's refresh, a gift card's confirm) and
   * answers where it stands; only this answer decides whether the thing is paid.
   */
  check(): Promise<PaymentCheck>;
  /** Runs once the server has seen the payment succeed; what it throws shows as the form's error. */
  onPaid(): void | Promise<void>;
  onError(message: string): void;
  /**
   * The Stripe instance (or a promise of it). Defaults to loading Stripe.js with the session's
   * publishable key; tests pass a stand-in for the third party here.
   */
  stripe?: PromiseLike<Stripe | null> | Stripe | null;
  submitLabel?: string;
}

export type PaymentCheck = Pick<PaymentSession, 'status' | 'error'>;

export const stripeMessages = {
  unavailable: 'Card payments are not available at the moment. Please choose another payment method.',
  failed: 'The payment could not be completed. Please try again.',
  processing: 'Your payment is still being processed. We will confirm your order as soon as it clears.',
} as const;

const primaryButton =
  'inline-flex w-full items-center justify-center rounded-md bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-60';

/** One Stripe.js load per publishable key for the page's lifetime (Stripe asks for a single instance). */
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch(() => {
      loaded.delete(publishableKey);
      return null;
    });
    loaded.set(publishableKey, promise);
  }
  return promise;
}

export function StripeCardForm({ session, stripe, ...props }: StripeCardFormProps) {
  const [instance] = useState(() =>
    stripe !== undefined ? stripe : session.publishable_key ? stripeFor(session.publishable_key) : null,
  );
  const [options] = useState(() => ({ clientSecret: session.client_secret ?? undefined }));
  // Stripe.js comes from Stripe's servers: blocked or offline, the promise answers null.
  const [unavailable, setUnavailable] = useState(instance === null || !session.client_secret);
  useEffect(() => {
    if (!instance || !('then' in instance)) return;
    let live = true;
    Promise.resolve(instance).then(
      (value) => live && value === null && setUnavailable(true),
      () => live && setUnavailable(true),
    );
    return () => {
      live = false;
    };
  }, [instance]);

  if (unavailable || instance === null) {
    return (
      <p role="alert" className="text-red-700">
        {stripeMessages.unavailable}
      </p>
    );
  }
  return (
    <Elements stripe={instance} options={options}>
      <CardForm {...props} />
    </Elements>
  );
}

/** Stripe's own text for what the customer can fix (declined, expired, incomplete); ours otherwise. */
const customerMessage = (error: StripeError) =>
  (error.type === 'card_error' || error.type === 'validation_error') && error.message
    ? error.message
    : stripeMessages.failed;

const elementOptions = { layout: 'tabs' } as const;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function CardForm({ check, onPaid, onError, submitLabel }: Omit<StripeCardFormProps, 'stripe' | 'session'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const fail = (message: string) => {
    setError(message);
    onError(message);
  };

  /** A payment still clearing is asked again a few times before the customer is told so. */
  async function refresh(): Promise<PaymentCheck> {
    let payment = await check();
    for (let attempt = 0; attempt < 4 && payment.status === 'processing'; attempt++) {
      await wait(1500);
      payment = await check();
    }
    return payment;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    setError(null);
    try {
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (result.error) {
        // A decline is recorded by our server too (and by Stripe's webhook), so an order is released.
        if (result.error.type === 'card_error') await check().catch(() => undefined);
        fail(customerMessage(result.error));
        return;
      }
      const payment = await refresh();
      if (payment.status !== 'succeeded') {
        fail(payment.error ?? (payment.status === 'processing' ? stripeMessages.processing : stripeMessages.failed));
        return;
      }
      await onPaid();
    } catch (cause) {
      fail(apiMessage(cause, stripeMessages.failed));
    } finally {
      setProcessing(false);
    }
  }

  if (loadFailed) {
    return (
      <p role="alert" className="text-red-700">
        {stripeMessages.unavailable}
      </p>
    );
  }

  return (
    <form onSubmit={submit} aria-busy={processing} className="space-y-4">
      {!ready && (
        <p role="status" className="text-stone-600">
          Loading the secure card form…
        </p>
      )}
      <PaymentElement
        options={elementOptions}
        onReady={() => setReady(true)}
        onLoadError={() => setLoadFailed(true)}
        onChange={() => setError(null)}
      />
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={!stripe || !elements || !ready || processing}>
        {processing ? 'Processing…' : (submitLabel ?? 'Pay now')}
      </button>
    </form>
  );
}
