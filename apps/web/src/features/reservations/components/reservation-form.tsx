import { isValidDate, type ReservationRestaurant } from '@orderfront/core';
import { useId, useRef, useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { cardClass, errorClass, inputClass, labelClass, primaryButton, secondaryButton } from '@/components/ui/styles';
import { useZodForm } from '@/lib/forms';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useAvailability } from '../api/get-availability';
import { useReservationRestaurants } from '../api/get-reservation-restaurants';
import { formatTime, guestsLabel, type ReservationDraft } from '../lib/draft';
import {
  fieldOrder,
  type ReservationField,
  type ReservationFormDraft,
  reservationFormSchema,
} from '../lib/reservation-form';

export interface ContactDetails {
  name: string;
  email: string;
  phoneNo: string;
}

export function ReservationForm({
  initial,
  contact,
  preferredRestaurantId,
  onSubmit,
}: {
  /** The restaurant the customer already chose elsewhere in the storefront, picked by default. */
  preferredRestaurantId?: number | null;
  /** A draft coming back from the confirm page to be changed. */
  initial?: ReservationDraft | null;
  /** A signed-in customer's details, to prefill. */
  contact?: ContactDetails | null;
  onSubmit(draft: ReservationDraft): void;
}) {
  const restaurants = useReservationRestaurants();
  const [restaurantId, setRestaurantId] = useState<number | null>(initial?.restaurant.id ?? null);
  const list = restaurants.data ?? [];
  // The restaurant chosen in the header, if it takes bookings; with one restaurant nothing to choose.
  const preferred = list.some((r) => r.id === preferredRestaurantId) ? (preferredRestaurantId ?? null) : null;
  const chosenId = restaurantId ?? preferred ?? (list.length === 1 ? (list[0]?.id ?? null) : null);
  const restaurant = list.find((r) => r.id === chosenId) ?? null;
  const [date, setDate] = useState(initial?.date ?? '');
  const shownDate = date || restaurant?.first_date || '';
  const [partySize, setPartySize] = useState(initial?.partySize ?? 2);
  const [startsAt, setStartsAt] = useState<string | null>(initial?.startsAt ?? null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const availability = useAvailability(
    restaurant && isValidDate(shownDate) ? { restaurantId: restaurant.id, date: shownDate, partySize } : null,
  );
  const slots = availability.data?.slots ?? [];
  const chosenSlot = slots.find((slot) => slot.starts_at === startsAt) ?? null;
  const form = useZodForm(reservationFormSchema({ restaurant, date: shownDate, partySize, slot: chosenSlot }), {
    defaultValues: {
      name: initial?.name ?? contact?.name ?? '',
      email: initial?.email ?? contact?.email ?? '',
      phoneNo: initial?.phoneNo ?? contact?.phoneNo ?? '',
      specialRequests: initial?.specialRequests ?? '',
    },
  });
  const errors: Partial<Record<ReservationField, FieldError>> = form.formState.errors;

  function changeSearch(apply: () => void) {
    apply();
    setStartsAt(null);
    form.clearErrors('startsAt');
  }

  function book(draft: ReservationFormDraft) {
    // A changed booking is a different request: it needs a key of its own.
    const same =
      initial &&
      initial.startsAt === draft.startsAt &&
      initial.partySize === draft.partySize &&
      initial.restaurant.id === draft.restaurant.id &&
      initial.name === draft.name &&
      initial.email === draft.email &&
      initial.phoneNo === draft.phoneNo &&
      initial.specialRequests === draft.specialRequests;
    onSubmit({ ...draft, idempotencyKey: same ? initial.idempotencyKey : newIdempotencyKey() });
  }

  const submit = form.handleSubmit(book, (invalid) => {
    const found: typeof errors = invalid;
    const first = fieldOrder.find((field) => found[field]);
    formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  });

  const describedBy = (field: ReservationField, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : null, hint].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: ReservationField) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className={errorClass}>
        {errors[field]?.message}
      </p>
    ) : null;

  if (restaurants.isPending) {
    return (
      <p role="status" className="text-stone-600">
        Loading restaurants…
      </p>
    );
  }
  if (restaurants.isError) {
    return (
      <div role="alert" className={cardClass}>
        <p className="mb-3">Failed to load restaurants</p>
        <button type="button" className={secondaryButton} onClick={() => restaurants.refetch()}>
          Try Again
        </button>
      </div>
    );
  }
  if (list.length === 0) {
    return <p className={cardClass}>No restaurants take table reservations online at the moment.</p>;
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-6">
      <section className={cardClass} aria-labelledby={`${id}-when`}>
        <h2 id={`${id}-when`} className="mb-4 font-semibold text-lg">
          Where and when
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="sm:col-span-3">
            <label htmlFor={`${id}-restaurant`} className={labelClass}>
              Restaurant
            </label>
            <select
              id={`${id}-restaurant`}
              data-field="restaurant"
              className={inputClass}
              value={chosenId ?? ''}
              aria-invalid={errors.restaurant ? true : undefined}
              aria-describedby={describedBy('restaurant')}
              onChange={(e) =>
                changeSearch(() => {
                  const next = list.find((r) => r.id === Number(e.target.value)) ?? null;
                  setRestaurantId(next?.id ?? null);
                  if (next) setPartySize(Math.min(Math.max(partySize, next.min_party), next.max_party));
                })
              }
            >
              <option value="">Choose a restaurant</option>
              {list.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name} ({r.street_name}, {r.city})
                </option>
              ))}
            </select>
            {fieldError('restaurant')}
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={`${id}-date`} className={labelClass}>
              Date
            </label>
            <input
              id={`${id}-date`}
              data-field="date"
              type="date"
              className={inputClass}
              value={shownDate}
              min={restaurant?.first_date}
              max={restaurant?.last_date}
              disabled={!restaurant}
              aria-invalid={errors.date ? true : undefined}
              aria-describedby={describedBy('date')}
              onChange={(e) => changeSearch(() => setDate(e.target.value))}
            />
            {fieldError('date')}
          </div>
          <div>
            <label htmlFor={`${id}-party`} className={labelClass}>
              Guests
            </label>
            <select
              id={`${id}-party`}
              data-field="partySize"
              className={inputClass}
              value={partySize}
              aria-describedby={describedBy('partySize')}
              onChange={(e) => changeSearch(() => setPartySize(Number(e.target.value)))}
            >
              {partySizes(restaurant).map((n) => (
                <option key={n} value={n}>
                  {guestsLabel(n)}
                </option>
              ))}
            </select>
            {fieldError('partySize')}
          </div>
        </div>
        {restaurant && (
          <p className="mt-3 text-sm text-stone-600">
            For more than {restaurant.max_party} guests, please call us on {restaurant.phone}.
          </p>
        )}

        <fieldset className="mt-6" aria-describedby={describedBy('startsAt', `${id}-slots-status`)}>
          <legend className={labelClass}>Time</legend>
          <div id={`${id}-slots-status`} role="status" className="text-sm text-stone-700">
            {!restaurant
              ? 'Choose a restaurant to see the free times.'
              : availability.isFetching && !availability.data
                ? 'Looking for free tables…'
                : availability.isError
                  ? (availability.error as Error).message
                  : availability.data?.message
                    ? availability.data.message
                    : slots.length > 0
                      ? `${slots.length} times free for ${guestsLabel(partySize)}.`
                      : ''}
          </div>
          {slots.length > 0 && (
            <div className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6">
              {slots.map((slot, index) => (
                <label key={slot.starts_at} className="relative">
                  <input
                    type="radio"
                    name="time"
                    value={slot.starts_at}
                    checked={startsAt === slot.starts_at}
                    data-field={index === 0 ? 'startsAt' : undefined}
                    onChange={() => {
                      setStartsAt(slot.starts_at);
                      form.clearErrors('startsAt');
                    }}
                    className="peer absolute inset-0 cursor-pointer opacity-0"
                  />
                  <span className="block rounded-md border border-stone-400 px-2 py-2 text-center font-medium peer-checked:border-primary peer-checked:bg-primary peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary">
                    {formatTime(slot.time)}
                  </span>
                </label>
              ))}
            </div>
          )}
          {fieldError('startsAt')}
        </fieldset>
      </section>

      <section className={cardClass} aria-labelledby={`${id}-contact`}>
        <h2 id={`${id}-contact`} className="mb-4 font-semibold text-lg">
          Your details
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={`${id}-name`}
            field="name"
            label="Name"
            autoComplete="name"
            registration={form.register('name')}
            error={fieldError('name')}
            describedBy={describedBy('name')}
          />
          <TextField
            id={`${id}-phone`}
            field="phoneNo"
            label="Phone"
            type="tel"
            autoComplete="tel"
            registration={form.register('phoneNo')}
            error={fieldError('phoneNo')}
            describedBy={describedBy('phoneNo')}
          />
          <div className="sm:col-span-2">
            <TextField
              id={`${id}-email`}
              field="email"
              label="Email"
              type="email"
              autoComplete="email"
              registration={form.register('email')}
              error={fieldError('email')}
              describedBy={describedBy('email', `${id}-email-hint`)}
            />
            <p id={`${id}-email-hint`} className="mt-1 text-sm text-stone-600">
              We send the confirmation and a cancel link here.
            </p>
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={`${id}-requests`} className={labelClass}>
              Special requests <span className="font-normal text-stone-600">(optional)</span>
            </label>
            <textarea
              id={`${id}-requests`}
              data-field="specialRequests"
              className={inputClass}
              rows={3}
              maxLength={500}
              aria-invalid={errors.specialRequests ? true : undefined}
              aria-describedby={describedBy('specialRequests')}
              {...form.register('specialRequests')}
            />
            {fieldError('specialRequests')}
          </div>
        </div>
      </section>

      <div className="flex justify-end">
        <button type="submit" className={primaryButton}>
          Review booking
        </button>
      </div>
    </form>
  );
}

function partySizes(restaurant: ReservationRestaurant | null): number[] {
  const min = restaurant?.min_party ?? 1;
  const max = restaurant?.max_party ?? 10;
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

function TextField(props: {
  id: string;
  field: ReservationField;
  label: string;
  type?: string;
  autoComplete: string;
  registration: UseFormRegisterReturn;
  error: React.ReactNode;
  describedBy?: string;
}) {
  return (
    <div>
      <label htmlFor={props.id} className={labelClass}>
        {props.label}
      </label>
      <input
        id={props.id}
        data-field={props.field}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        className={inputClass}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.describedBy}
        required
        {...props.registration}
      />
      {props.error}
    </div>
  );
}
