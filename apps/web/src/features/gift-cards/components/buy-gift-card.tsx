import {
  type BuyGiftCardBody,
  type GiftCardOptions,
  type GiftCardPurchase,
  localToday,
  type PaymentSession,
} from '@orderfront/core';
import { type ReactNode, useId, useRef, useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { cardClass, errorClass, inputClass, labelClass, primaryButton } from '@/components/ui/styles';
import { runtimeConfig } from '@/config/runtime';
import { ApiError, apiMessage } from '@/lib/api-client';
import { showServerErrors, useZodForm } from '@/lib/forms';
import { formatMoney } from '@/lib/money';
import { answerGiftCardChallenge } from '../api/answer-gift-card-challenge';
import { useBuyGiftCard } from '../api/buy-gift-card';
import { confirmGiftCard } from '../api/confirm-gift-card';
import { useGiftCardOptions } from '../api/get-gift-card-options';
import { paySandboxGiftCard, type SandboxCard } from '../api/pay-gift-card';
import { type BuyGiftCardFormValues, buyGiftCardFormSchema, chosenAmount } from '../lib/buy-gift-card-form';

/**
 * Where the card payment form goes; the route composes the checkout's card forms here. Each call
 * answers the payment as it stands after it (null once the card is paid).
 */
export type RenderPayment = (props: {
  payment: PaymentSession;
  /** After Stripe.js confirmed: the server asks the provider whether the purchase is paid. */
  check(): Promise<Pick<PaymentSession, 'status' | 'error'>>;
  /** Shows the paid card once `check` said so. */
  onPaid(): void;
  /** The sandbox provider's card form. */
  paySandbox(card: SandboxCard): Promise<PaymentSession | null>;
  /** The sandbox challenge card's confirmation step, approved or failed. */
  answerChallenge(approve: boolean): Promise<PaymentSession | null>;
}) => ReactNode;

type Field = FieldPath<BuyGiftCardFormValues>;

const newKey = () => `gc-${crypto.randomUUID()}`;

interface BuyGiftCardProps {
  renderPayment?: RenderPayment;
  /** A signed-in customer's name and email, to prefill the sender. */
  contact?: { name: string; email: string } | null;
}

export function BuyGiftCard(props: BuyGiftCardProps) {
  const options = useGiftCardOptions();
  if (options.isPending) return <p role="status">Loading gift cards…</p>;
  if (options.isError) return <p role="alert">Gift cards could not be loaded. Please try again later.</p>;
  if (!options.data.enabled) return <p>Gift cards are not available at the moment.</p>;
  return <GiftCardPurchaseFlow settings={options.data} {...props} />;
}

/** The buy form, then the card payment; the form keeps what was typed for a next card. */
function GiftCardPurchaseFlow({ settings, renderPayment, contact }: BuyGiftCardProps & { settings: GiftCardOptions }) {
  const buy = useBuyGiftCard();
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useZodForm(buyGiftCardFormSchema(runtimeConfig.tenantId, settings), {
    defaultValues: {
      preset: String(settings.presets[0] ?? 'custom'),
      amount: '',
      recipient_name: '',
      recipient_email: '',
      sender_name: contact?.name ?? '',
      purchaser_email: contact?.email ?? '',
      message: '',
      when: 'now',
      deliver_on: '',
    },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const [purchase, setPurchase] = useState<GiftCardPurchase | null>(null);
  // The purchase's secret, answered once by the purchase call: later calls send it back as a header.
  const purchaseToken = useRef('');
  // What the last check answered; shown once the card form is done with it.
  const checked = useRef<GiftCardPurchase | null>(null);

  const [preset, custom, when] = watch(['preset', 'amount', 'when']);
  const amount = chosenAmount({ preset, amount: custom });
  const today = localToday(new Date(), runtimeConfig.tenant.timezone);

  function submit(body: BuyGiftCardBody) {
    buy.mutate(
      { body, idempotencyKey: key },
      {
        onSuccess: (bought) => {
          purchaseToken.current = bought.purchase_token ?? '';
          setPurchase(bought);
        },
        onError: (error) => {
          if (error instanceof ApiError) showServerErrors(setError, error.fields);
          setFormError(apiMessage(error, 'Something went wrong. Please try again.'));
        },
      },
    );
  }

  async function check() {
    if (!purchase) throw new Error('nothing to pay');
    const result = await confirmGiftCard(purchase.gift_card.id, purchaseToken.current);
    checked.current = result;
    if (result.gift_card.status === 'active') return { status: 'succeeded' as const, error: null };
    return result.payment ?? { status: 'processing' as const, error: null };
  }

  function onPaid() {
    if (checked.current) setPurchase(checked.current);
  }

  async function paySandbox(card: SandboxCard) {
    if (!purchase?.payment) return null;
    const result = await paySandboxGiftCard(
      purchase.gift_card.id,
      purchaseToken.current,
      purchase.payment.payment_id,
      card,
    );
    setPurchase(result);
    return result.payment;
  }

  async function answerChallenge(approve: boolean) {
    if (!purchase?.payment) return null;
    const result = await answerGiftCardChallenge(
      purchase.gift_card.id,
      purchaseToken.current,
      purchase.payment.payment_id,
      approve,
    );
    setPurchase(result);
    return result.payment;
  }

  function startOver() {
    setPurchase(null);
    setKey(newKey());
    buy.reset();
  }

  if (purchase?.gift_card.status === 'active') {
    const card = purchase.gift_card;
    return (
      <section className={cardClass} aria-labelledby={`${id}-done`}>
        <h2 id={`${id}-done`} className="font-semibold text-xl">
          Thank you! Your gift card is paid.
        </h2>
        <p className="mt-2" role="status">
          {card.deliver_on && !card.delivered_at
            ? `We will email the ${formatMoney(card.initial_amount)} gift card to ${card.recipient_name} (${card.recipient_email}) on ${card.deliver_on}.`
            : `We have emailed the ${formatMoney(card.initial_amount)} gift card to ${card.recipient_name} (${card.recipient_email}).`}
        </p>
        <button type="button" className={`${primaryButton} mt-4`} onClick={startOver}>
          Buy another gift card
        </button>
      </section>
    );
  }

  if (purchase) {
    return (
      <section className={cardClass} aria-labelledby={`${id}-pay`}>
        <h2 id={`${id}-pay`} className="font-semibold text-xl">
          Pay {formatMoney(purchase.gift_card.initial_amount)}
        </h2>
        <p className="mt-1 text-stone-700">
          Gift card for {purchase.gift_card.recipient_name} ({purchase.gift_card.recipient_email})
        </p>
        <div className="mt-4">
          {purchase.payment && renderPayment ? (
            renderPayment({ payment: purchase.payment, check, onPaid, paySandbox, answerChallenge })
          ) : (
            <p role="alert">Card payments are not available at the moment.</p>
          )}
        </div>
      </section>
    );
  }

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className={errorClass}>
        {errors[field]?.message}
      </p>
    ) : null;
  const text = (field: Field, label: string, type = 'text', auto?: string) => (
    <div>
      <label htmlFor={`${id}-${field}`} className={labelClass}>
        {label}
      </label>
      <input {...fieldProps(field)} type={type} className={inputClass} autoComplete={auto} {...register(field)} />
      {fieldError(field)}
    </div>
  );
  const choiceClass =
    'cursor-pointer rounded-md border border-stone-400 px-4 py-2 has-checked:border-primary has-checked:bg-primary has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-primary';

  return (
    <form
      onSubmit={(event) => {
        setFormError(null);
        void handleSubmit(submit)(event);
      }}
      noValidate
      className={`${cardClass} grid gap-5`}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="font-semibold text-xl">
        Buy a gift card
      </h2>
      <fieldset>
        <legend className={labelClass}>Amount</legend>
        <div className="flex flex-wrap gap-2">
          {settings.presets.map((cents) => (
            <label key={cents} className={choiceClass}>
              <input type="radio" className="sr-only" value={String(cents)} {...register('preset')} />
              {formatMoney(cents)}
            </label>
          ))}
          <label className={choiceClass}>
            <input type="radio" className="sr-only" value="custom" {...register('preset')} />
            Other amount
          </label>
        </div>
        {preset === 'custom' && (
          <div className="mt-3 max-w-48">
            <label htmlFor={`${id}-amount`} className={labelClass}>
              Amount in dollars ({formatMoney(settings.min_amount)} to {formatMoney(settings.max_amount)})
            </label>
            <input {...fieldProps('amount')} inputMode="decimal" className={inputClass} {...register('amount')} />
          </div>
        )}
        {fieldError('amount')}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('recipient_name', 'Recipient’s name')}
        {text('recipient_email', 'Recipient’s email', 'email')}
        {text('sender_name', 'Your name', 'text', 'name')}
        {text('purchaser_email', 'Your email (for the receipt)', 'email', 'email')}
      </div>
      <div>
        <label htmlFor={`${id}-message`} className={labelClass}>
          Message (optional)
        </label>
        <textarea {...fieldProps('message')} className={inputClass} rows={3} maxLength={500} {...register('message')} />
        {fieldError('message')}
      </div>
      <fieldset>
        <legend className={labelClass}>When should we email it?</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-2">
            <input type="radio" value="now" {...register('when')} /> Now
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="later" {...register('when')} /> On a date
          </label>
        </div>
        {when === 'later' && (
          <div className="mt-3 max-w-56">
            <label htmlFor={`${id}-deliver_on`} className={labelClass}>
              Delivery date
            </label>
            <input
              {...fieldProps('deliver_on')}
              type="date"
              className={inputClass}
              min={today}
              {...register('deliver_on')}
            />
          </div>
        )}
        {fieldError('deliver_on')}
      </fieldset>
      {formError && (
        <p role="alert" className={errorClass}>
          {formError}
        </p>
      )}
      <div>
        <button type="submit" className={primaryButton} disabled={buy.isPending}>
          {buy.isPending ? 'Please wait…' : `Continue to payment${amount ? `: ${formatMoney(amount)}` : ''}`}
        </button>
      </div>
    </form>
  );
}
