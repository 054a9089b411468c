import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Field } from '@/components/ui/field';
import { cardClass, errorClass, hintClass, inputClass, labelClass, primaryButton } from '@/components/ui/styles';
import { runtimeConfig } from '@/config/runtime';
import { ApiError } from '@/lib/api-client';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { useFocusFirstError, useZodForm } from '@/lib/forms';
import { formatMoney } from '@/lib/money';
import { getDeliveryQuote } from '../api/get-delivery-quote';
import { useFulfilmentTimes } from '../api/get-fulfilment-times';
import { type DetailsFormValues, detailsFormSchema } from '../lib/details-form';
import { type CheckoutStore, type ShippingDetails, useCheckoutStore } from '../stores/checkout-store';
import { CheckoutSteps } from './checkout-steps';

type Errors = Record<string, string>;

const guestFields = [
  { key: 'name', label: 'Name', autoComplete: 'name', type: 'text', missing: 'Enter your name' },
  { key: 'email', label: 'Email', autoComplete: 'email', type: 'email', missing: 'Enter your email address' },
  { key: 'phone_no', label: 'Phone', autoComplete: 'tel', type: 'tel', missing: 'Enter your phone number' },
] as const;

const addressFields = [
  {
    key: 'formattedAddress',
    label: 'Street address',
    autoComplete: 'street-address',
    missing: 'Enter your address',
  },
  { key: 'suburb', label: 'Suburb', autoComplete: 'address-level3', missing: 'Enter your suburb' },
  { key: 'city', label: 'City', autoComplete: 'address-level2', missing: 'Enter your city' },
  { key: 'postcode', label: 'Postcode', autoComplete: 'postal-code', missing: 'Enter your postcode' },
] as const;

const isComplete = (a: ShippingDetails) => addressFields.every((f) => a[f.key].trim() !== '');

const toWire = (a: ShippingDetails) => ({
  formatted_address: a.formattedAddress.trim(),
  city: a.city.trim(),
  postcode: a.postcode.trim(),
  suburb: a.suburb.trim(),
});

/** 'YYYY-MM-DD' as the tenant's locale writes a day ('Monday 23 November'). */
function dateLabel(date: string): string {
  const [y = 2000, m = 1, d = 1] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(runtimeConfig.tenant.locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(Date.UTC(y, m - 1, d));
}

/** Spec §4: how long the address must stay unchanged before it is quoted (typing goes on meanwhile). */
export const quoteDebounceMs = 500;

/**
 * Quotes delivery to the stored address as it changes (debounced), and again for another restaurant
 * or on coming back to delivery. A quote still out when anything changes (the method switched to
 * pickup included) is dropped: it answers a question nobody is asking any more.
 */
function useDeliveryQuote(restaurantId: number | null, method: string) {
  const key = useCheckoutStore((s) => JSON.stringify(s.shippingDetails));
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the address the quote reads.
  useEffect(() => {
    const store = useCheckoutStore.getState();
    if (restaurantId === null || method !== 'delivery' || !isComplete(store.shippingDetails)) return;
    let current = true;
    store.setDeliveryChargeLoading(true);
    const timer = setTimeout(async () => {
      const address = toWire(useCheckoutStore.getState().shippingDetails);
      try {
        const quote = await getDeliveryQuote(restaurantId, address);
        if (current)
          useCheckoutStore
            .getState()
            .setDeliveryQuote({ deliveryCharge: quote.delivery_charge, deliveryError: quote.delivery_error });
      } catch (error) {
        if (!current) return;
        const message =
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? error.message
            : 'We could not check delivery to this address. Please try again.';
        useCheckoutStore.getState().setDeliveryQuote({ deliveryCharge: 0, deliveryError: message });
      }
    }, quoteDebounceMs);
    return () => {
      current = false;
      clearTimeout(timer);
      useCheckoutStore.getState().setDeliveryChargeLoading(false);
    };
  }, [restaurantId, method, key]);
}

function TimeFields({ restaurantId, errors }: { restaurantId: number | null; errors: Errors }) {
  const method = useCheckoutStore((s) => (s.deliveryMethod === 'delivery' ? 'delivery' : 'pickup'));
  const pickupDate = useCheckoutStore((s) => s.pickupDate);
  const pickupTime = useCheckoutStore((s) => s.pickupTime);
  const setPickupDate = useCheckoutStore((s) => s.setPickupDate);
  const setPickupTime = useCheckoutStore((s) => s.setPickupTime);
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useFulfilmentTimes({
    restaurantId,
    method,
    date: pickupDate || null,
  });
  const dateId = useId();
  const timeId = useId();
  const messageId = useId();

  // The server's offer moves with the clock: a stored date or time it no longer offers is dropped.
  useEffect(() => {
    if (!data || isFetching || isPlaceholderData) return;
    if (!data.dates.includes(pickupDate)) {
      const next = data.dates[0] ?? '';
      if (next !== pickupDate) setPickupDate(next);
      return;
    }
    if (pickupTime && !data.times.some((t) => t.value === pickupTime)) setPickupTime('');
  }, [data, isFetching, isPlaceholderData, pickupDate, pickupTime, setPickupDate, setPickupTime]);

  const label = method === 'delivery' ? 'Delivery' : 'Pickup';
  return (
    <fieldset className={`${cardClass} flex flex-col gap-4`}>
      <legend className="float-left mb-2 font-bold text-xl">{label} time</legend>
      {restaurantId === null && <p className="clear-left text-stone-700">Choose a restaurant first.</p>}
      {isPending && restaurantId !== null && <p className="clear-left text-stone-700">Loading available times…</p>}
      {isError && (
        <div className="clear-left flex flex-col gap-2">
          <p className="text-red-700">We could not load the available times.</p>
          <button type="button" onClick={() => refetch()} className="self-start font-medium text-primary underline">
            Try Again
          </button>
        </div>
      )}
      {data && (
        <div className="clear-left grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={dateId} className={labelClass}>
              {label} date
            </label>
            <select
              id={dateId}
              value={data.dates.includes(pickupDate) ? pickupDate : ''}
              onChange={(e) => setPickupDate(e.target.value)}
              disabled={isPlaceholderData}
              className={inputClass}
              aria-invalid={errors.pickupDate ? true : undefined}
              aria-describedby={data.message ? messageId : undefined}
            >
              {data.dates.length === 0 && <option value="">No dates available</option>}
              {data.dates.map((date) => (
                <option key={date} value={date}>
                  {dateLabel(date)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={timeId} className={labelClass}>
              {label} time
            </label>
            <select
              id={timeId}
              name="pickupTime"
              value={data.times.some((t) => t.value === pickupTime) ? pickupTime : ''}
              onChange={(e) => setPickupTime(e.target.value)}
              disabled={isPlaceholderData}
              className={inputClass}
              aria-invalid={errors.pickupTime ? true : undefined}
              aria-describedby={[data.message ? messageId : '', errors.pickupTime ? `${timeId}-error` : '']
                .filter(Boolean)
                .join(' ')}
            >
              <option value="">Choose a time</option>
              {data.times.map((time) => (
                <option key={time.value} value={time.value}>
                  {time.label}
                </option>
              ))}
            </select>
            {errors.pickupTime && (
              <p id={`${timeId}-error`} className={errorClass}>
                {errors.pickupTime}
              </p>
            )}
          </div>
          {data.message && (
            <p id={messageId} className="text-stone-700 sm:col-span-2">
              {data.message}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}

function ContactFields({ errors, onBlurField }: { errors: Errors; onBlurField: (key: string) => void }) {
  const user = useAuthStore((s) => (selectIsLoggedIn(s) ? s.user : null));
  const guestDetails = useCheckoutStore((s) => s.guestDetails);
  const setGuestDetails = useCheckoutStore((s) => s.setGuestDetails);
  return (
    <fieldset className={`${cardClass} flex flex-col gap-4`}>
      <legend className="float-left mb-2 font-bold text-xl">Your details</legend>
      {user ? (
        <div className="clear-left text-stone-800" data-testid="contact-profile">
          <p className="font-medium">{user.name}</p>
          <p>{user.email}</p>
          {user.phone_no && <p>{user.phone_no}</p>}
          <p className={hintClass}>From your profile.</p>
        </div>
      ) : (
        <div className="clear-left grid gap-4 sm:grid-cols-2">
          {guestFields.map((f) => (
            <Field
              key={f.key}
              label={f.label}
              name={f.key}
              type={f.type}
              autoComplete={f.autoComplete}
              required
              value={guestDetails[f.key]}
              onChange={(e) => setGuestDetails({ [f.key]: e.target.value })}
              onBlur={() => onBlurField(f.key)}
              error={errors[f.key]}
              className={f.key === 'name' ? 'sm:col-span-2' : undefined}
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}

function AddressFields({ errors, onBlurField }: { errors: Errors; onBlurField: (key: string) => void }) {
  const shipping = useCheckoutStore((s) => s.shippingDetails);
  const setShippingDetails = useCheckoutStore((s) => s.setShippingDetails);
  const deliveryError = useCheckoutStore((s) => s.deliveryError);
  const deliveryCharge = useCheckoutStore((s) => s.deliveryCharge);
  const loading = useCheckoutStore((s) => s.deliveryChargeLoading);
  const statusId = useId();
  // Only the server's answer for this very address is shown: never "Free" for one not yet checked.
  const quoted = useCheckoutStore((s) => s.deliveryQuoted) && !loading;
  return (
    <fieldset className={`${cardClass} flex flex-col gap-4`}>
      <legend className="float-left mb-2 font-bold text-xl">Delivery address</legend>
      <div className="clear-left grid gap-4 sm:grid-cols-2">
        {addressFields.map((f) => (
          <Field
            key={f.key}
            label={f.label}
            name={f.key}
            autoComplete={f.autoComplete}
            required
            value={shipping[f.key]}
            onChange={(e) => setShippingDetails({ [f.key]: e.target.value })}
            onBlur={() => onBlurField(f.key)}
            error={errors[f.key]}
            describedBy={deliveryError ? statusId : undefined}
            className={f.key === 'formattedAddress' ? 'sm:col-span-2' : undefined}
          />
        ))}
      </div>
      <div aria-live="polite">
        {loading && <p className="text-stone-700">Checking delivery to this address…</p>}
        {quoted && deliveryError && (
          <p id={statusId} className="font-medium text-red-700" data-testid="delivery-error">
            {deliveryError}
          </p>
        )}
        {quoted && !deliveryError && (
          <p className="text-stone-800" data-testid="delivery-charge">
            {deliveryCharge > 0 ? `Delivery: ${formatMoney(deliveryCharge)}` : 'Free delivery to this address'}
          </p>
        )}
      </div>
    </fieldset>
  );
}

export interface DetailsStepProps {
  restaurantId: number | null;
  /** Dine-in: the table's order, without method, date or time. */
  dineIn?: boolean;
  summary: ReactNode;
  onContinue(): void;
}

/** Checkout step 1 (spec §4/§5): method, time, contact, address, instructions. */
export function DetailsStep({ restaurantId, dineIn = false, summary, onContinue }: DetailsStepProps) {
  const method = useCheckoutStore((s) => s.deliveryMethod);
  const setDeliveryMethod = useCheckoutStore((s) => s.setDeliveryMethod);
  const tableId = useCheckoutStore((s) => s.tableId);
  const instructions = useCheckoutStore((s) => s.specialInstructions);
  const setInstructions = useCheckoutStore((s) => s.setSpecialInstructions);
  const step1Completed = useCheckoutStore((s) => s.step1Completed);
  const quoteLoading = useCheckoutStore((s) => s.deliveryChargeLoading);
  const isGuest = useAuthStore((s) => !selectIsLoggedIn(s));
  const guestDetails = useCheckoutStore((s) => s.guestDetails);
  const shippingDetails = useCheckoutStore((s) => s.shippingDetails);
  // The fields stay the store's (kept across visits); the form checks them and holds their errors.
  const form = useZodForm(detailsFormSchema({ guest: isGuest, delivery: method === 'delivery' }), {
    values: { ...guestDetails, ...shippingDetails },
    resetOptions: { keepErrors: true, keepSubmitCount: true, keepIsSubmitSuccessful: true },
  });
  const errors: Errors = Object.fromEntries(
    Object.entries(form.formState.errors).map(([key, error]) => [key, error?.message ?? '']),
  );
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, form.formState);
  const instructionsId = useId();
  const gateId = useId();
  // An address kept from an earlier visit is quoted again too: the cart (and its minimum) may have changed.
  useDeliveryQuote(restaurantId, method);
  const deliveryQuoted = useCheckoutStore((s) => s.deliveryQuoted);

  const missingMessage = (key: string): string | undefined =>
    [...guestFields, ...addressFields].find((f) => f.key === key)?.missing;

  function blurField(key: string) {
    const state: CheckoutStore = useCheckoutStore.getState();
    const value =
      key in state.guestDetails
        ? state.guestDetails[key as keyof typeof state.guestDetails]
        : state.shippingDetails[key as keyof ShippingDetails];
    const name = key as keyof DetailsFormValues;
    if (value?.trim()) form.clearErrors(name);
    else form.setError(name, { type: 'blur', message: missingMessage(key) ?? 'Required' });
  }

  const submit = form.handleSubmit(() => {
    if (useCheckoutStore.getState().step1Completed) onContinue();
  });

  const canContinue =
    step1Completed && !quoteLoading && (method !== 'delivery' || deliveryQuoted) && (!dineIn || Boolean(tableId));
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-3">
        <h1 className="font-extrabold text-3xl">{dineIn ? 'Dine-in checkout' : 'Checkout'}</h1>
        <CheckoutSteps current={1} />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_24rem]">
        <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Your details">
          {dineIn ? (
            <div className={cardClass}>
              <h2 className="font-bold text-xl">Your table</h2>
              {tableId ? (
                <p className="mt-1 text-stone-800" data-testid="table-id">
                  Ordering for table {tableId}
                </p>
              ) : (
                <p className="mt-1 text-stone-700">Scan the QR code on your table to order to it.</p>
              )}
            </div>
          ) : (
            <fieldset className={`${cardClass} flex flex-col gap-3`}>
              <legend className="float-left mb-2 font-bold text-xl">How would you like your order?</legend>
              <div className="clear-left flex flex-wrap gap-3">
                {(['pickup', 'delivery'] as const).map((m) => (
                  <label
                    key={m}
                    className="flex cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-4 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary-light"
                  >
                    <input
                      type="radio"
                      name="deliveryMethod"
                      value={m}
                      checked={method === m}
                      onChange={() => setDeliveryMethod(m)}
                      className="accent-primary"
                    />
                    {m === 'pickup' ? 'Pickup' : 'Delivery'}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {!dineIn && <TimeFields restaurantId={restaurantId} errors={errors} />}
          {!dineIn && method === 'delivery' && <AddressFields errors={errors} onBlurField={blurField} />}
          <ContactFields errors={errors} onBlurField={blurField} />
          <div className={cardClass}>
            <label htmlFor={instructionsId} className={labelClass}>
              Special instructions <span className="font-normal text-stone-600">(optional)</span>
            </label>
            <textarea
              id={instructionsId}
              value={instructions}
              maxLength={500}
              rows={3}
              onChange={(e) => setInstructions(e.target.value)}
              className={inputClass}
            />
          </div>
          <div className="flex flex-col gap-2">
            <button
              type="submit"
              disabled={!canContinue}
              aria-describedby={canContinue ? undefined : gateId}
              className={`${primaryButton} self-start`}
            >
              Continue to payment
            </button>
            {!canContinue && (
              <p id={gateId} className={hintClass}>
                {quoteLoading ? 'Checking delivery to your address…' : 'Fill in the details above to continue.'}
              </p>
            )}
          </div>
        </form>
        <div className="lg:sticky lg:top-24">{summary}</div>
      </div>
    </section>
  );
}
