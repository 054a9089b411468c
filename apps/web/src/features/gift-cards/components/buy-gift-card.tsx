import {
  type BuyGiftCardBody,
  buyGiftCardBodySchema,
  type GiftCardPurchase,
  type PaymentSession,
} from '@storefront/core';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { runtimeConfig } from '@/config/runtime';
import { ApiError } from '@/lib/api-client';
import { formatMoney, parseMoney } from '@/lib/money';
import { useBuyGiftCard } from '../api/buy-gift-card';
import { confirmGiftCard } from '../api/confirm-gift-card';
import { useGiftCardOptions } from '../api/get-gift-card-options';
import { answerGiftCardChallenge, paySandboxGiftCard, type SandboxCard } from '../api/pay-gift-card';
import { cardClass, errorClass, inputClass, labelClass, primaryButton } from './styles';

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

type Field =
  | 'amount'
  | 'recipient_name'
  | 'recipient_email'
  | 'sender_name'
  | 'purchaser_email'
  | 'message'
  | 'deliver_on';

const newKey = () => `gc-${crypto.randomUUID()}`;

function todayIn(timeZone: string) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

export function BuyGiftCard({
  renderPayment,
  contact,
}: {
  renderPayment?: RenderPayment;
  /** A signed-in customer's name and email, to prefill the sender. */
  contact?: { name: string; email: string } | null;
}) {
  const options = useGiftCardOptions();
  const buy = useBuyGiftCard();
  const id = useId();
  const [preset, setPreset] = useState<number | 'custom' | null>(null);
  const [custom, setCustom] = useState('');
  const [recipientName, setRecipientName] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [senderName, setSenderName] = useState(contact?.name ?? '');
  const [purchaserEmail, setPurchaserEmail] = useState(contact?.email ?? '');
  const [message, setMessage] = useState('');
  const [later, setLater] = useState(false);
  const [deliverOn, setDeliverOn] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const [purchase, setPurchase] = useState<GiftCardPurchase | null>(null);
  // What the last check answered; shown once the card form is done with it.
  const checked = useRef<GiftCardPurchase | null>(null);

  if (options.isPending) return <p role="status">Loading gift cards…</p>;
  if (options.isError) return <p role="alert">Gift cards could not be loaded. Please try again later.</p>;
  const settings = options.data;
  if (!settings.enabled) return <p>Gift cards are not available at the moment.</p>;
  const chosen = preset ?? settings.presets[0] ?? 'custom';
  const amount = chosen === 'custom' ? parseMoney(custom) : chosen;
  const today = todayIn(runtimeConfig.tenant.timezone);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found: Partial<Record<Field, string>> = {};
    if (amount === null || amount < settings.min_amount || amount > settings.max_amount) {
      found.amount = `Choose an amount from ${formatMoney(settings.min_amount)} to ${formatMoney(settings.max_amount)}`;
    }
    if (later && !deliverOn) found.deliver_on = 'Choose a delivery date';
    const body: BuyGiftCardBody = {
      tenant_id: runtimeConfig.tenantId,
      amount: amount ?? 0,
      recipient_name: recipientName,
      recipient_email: recipientEmail,
      sender_name: senderName,
      purchaser_email: purchaserEmail,
      ...(message.trim() ? { message } : {}),
      ...(later && deliverOn ? { deliver_on: deliverOn } : {}),
    };
    const parsed = buyGiftCardBodySchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    buy.mutate(
      { body, idempotencyKey: key },
      {
        onSuccess: setPurchase,
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields as Partial<Record<Field, string>>);
          setFormError(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
        },
      },
    );
  }

  async function check() {
    if (!purchase) throw new Error('nothing to pay');
    const result = await confirmGiftCard(purchase.gift_card.id, purchaserEmail);
    checked.current = result;
    if (result.gift_card.status === 'active') return { status: 'succeeded' as const, error: null };
    return result.payment ?? { status: 'processing' as const, error: null };
  }

  function onPaid() {
    if (checked.current) setPurchase(checked.current);
  }

  async function paySandbox(card: SandboxCard) {
    if (!purchase?.payment) return null;
    const result = await paySandboxGiftCard(purchase.gift_card.id, purchaserEmail, purchase.payment.payment_id, card);
    setPurchase(result);
    return result.payment;
  }

  async function answerChallenge(approve: boolean) {
    if (!purchase?.payment) return null;
    const result = await answerGiftCardChallenge(
      purchase.gift_card.id,
      purchaserEmail,
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
        {errors[field]}
      </p>
    ) : null;
  const text = (field: Field, label: string, value: string, set: (v: string) => void, type = 'text', auto?: string) => (
    <div>
      <label htmlFor={`${id}-${field}`} className={labelClass}>
        {label}
      </label>
      <input
        {...fieldProps(field)}
        type={type}
        className={inputClass}
        value={value}
        autoComplete={auto}
        onChange={(e) => set(e.target.value)}
      />
      {fieldError(field)}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className={`${cardClass} grid gap-5`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold text-xl">
        Buy a gift card
      </h2>
      <fieldset>
        <legend className={labelClass}>Amount</legend>
        <div className="flex flex-wrap gap-2">
          {settings.presets.map((cents) => (
            <label
              key={cents}
              className="cursor-pointer rounded-md border border-stone-400 px-4 py-2 has-checked:border-primary has-checked:bg-primary has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-primary"
            >
              <input
                type="radio"
                name={`${id}-amount`}
                className="sr-only"
                checked={chosen === cents}
                onChange={() => setPreset(cents)}
              />
              {formatMoney(cents)}
            </label>
          ))}
          <label className="cursor-pointer rounded-md border border-stone-400 px-4 py-2 has-checked:border-primary has-checked:bg-primary has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-primary">
            <input
              type="radio"
              name={`${id}-amount`}
              className="sr-only"
              checked={chosen === 'custom'}
              onChange={() => setPreset('custom')}
            />
            Other amount
          </label>
        </div>
        {chosen === 'custom' && (
          <div className="mt-3 max-w-48">
            <label htmlFor={`${id}-amount`} className={labelClass}>
              Amount in dollars ({formatMoney(settings.min_amount)} to {formatMoney(settings.max_amount)})
            </label>
            <input
              {...fieldProps('amount')}
              inputMode="decimal"
              className={inputClass}
              value={custom}
              onChange={(e) => setCustom(e.target.value)}
            />
          </div>
        )}
        {fieldError('amount')}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('recipient_name', 'Recipient’s name', recipientName, setRecipientName)}
        {text('recipient_email', 'Recipient’s email', recipientEmail, setRecipientEmail, 'email')}
        {text('sender_name', 'Your name', senderName, setSenderName, 'text', 'name')}
        {text('purchaser_email', 'Your email (for the receipt)', purchaserEmail, setPurchaserEmail, 'email', 'email')}
      </div>
      <div>
        <label htmlFor={`${id}-message`} className={labelClass}>
          Message (optional)
        </label>
        <textarea
          {...fieldProps('message')}
          className={inputClass}
          rows={3}
          maxLength={500}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        {fieldError('message')}
      </div>
      <fieldset>
        <legend className={labelClass}>When should we email it?</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-2">
            <input type="radio" name={`${id}-when`} checked={!later} onChange={() => setLater(false)} /> Now
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${id}-when`} checked={later} onChange={() => setLater(true)} /> On a date
          </label>
        </div>
        {later && (
          <div className="mt-3 max-w-56">
            <label htmlFor={`${id}-deliver_on`} className={labelClass}>
              Delivery date
            </label>
            <input
              {...fieldProps('deliver_on')}
              type="date"
              className={inputClass}
              min={today}
              value={deliverOn}
              onChange={(e) => setDeliverOn(e.target.value)}
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
