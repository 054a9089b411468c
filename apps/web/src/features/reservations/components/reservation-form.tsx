import { createReservationBodySchema, isValidDate, type ReservationRestaurant } from '@storefront/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useAvailability } from '../api/get-availability';
import { useReservationRestaurants } from '../api/get-reservation-restaurants';
import { draftBody, formatTime, guestsLabel, type ReservationDraft } from '../lib/draft';
import { cardClass, errorClass, inputClass, labelClass, primaryButton, secondaryButton } from './styles';

export interface ContactDetails {
  name: string;
  email: string;
  phoneNo: string;
}

type Field = 'restaurant' | 'date' | 'partySize' | 'startsAt' | 'name' | 'email' | 'phoneNo' | 'specialRequests';

/** Contract field → form field, for the messages the shared schema gives. */
const fieldOf: Record<string, Field> = {
  restaurant_id: 'restaurant',
  starts_at: 'startsAt',
  party_size: 'partySize',
  name: 'name',
  email: 'email',
  phone_no: 'phoneNo',
  special_requests: 'specialRequests',
};

const fieldOrder: Field[] = [
  'restaurant',
  'date',
  'partySize',
  'startsAt',
  'name',
  'email',
  'phoneNo',
  'specialRequests',
];

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
  const [name, setName] = useState(initial?.name ?? contact?.name ?? '');
  const [email, setEmail] = useState(initial?.email ?? contact?.email ?? '');
  const [phoneNo, setPhoneNo] = useState(initial?.phoneNo ?? contact?.phoneNo ?? '');
  const [specialRequests, setSpecialRequests] = useState(initial?.specialRequests ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const availability = useAvailability(
    restaurant && isValidDate(shownDate) ? { restaurantId: restaurant.id, date: shownDate, partySize } : null,
  );
  const slots = availability.data?.slots ?? [];
  const chosenSlot = slots.find((slot) => slot.starts_at === startsAt) ?? null;

  function changeSearch(apply: () => void) {
    apply();
    setStartsAt(null);
    setErrors((e) => ({ ...e, startsAt: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!restaurant) found.restaurant = 'Choose a restaurant';
    if (!isValidDate(shownDate)) found.date = 'Choose a date';
    if (!chosenSlot) found.startsAt = 'Choose a time';
    const draft: ReservationDraft | null =
      restaurant && chosenSlot
        ? {
            restaurant,
            date: shownDate,
            partySize,
            startsAt: chosenSlot.starts_at,
            time: chosenSlot.time,
            name: name.trim(),
            email: email.trim(),
            phoneNo: phoneNo.trim(),
            specialRequests: specialRequests.trim(),
            idempotencyKey: initial?.idempotencyKey ?? newIdempotencyKey(),
          }
        : null;
    const parsed = createReservationBodySchema.safeParse(
      draft
        ? draftBody(draft)
        : {
            tenant_id: 1,
            restaurant_id: 1,
            starts_at: new Date().toISOString(),
            party_size: partySize,
            name,
            email,
            phone_no: phoneNo,
            special_requests: specialRequests,
          },
    );
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = fieldOf[String(issue.path[0])];
      if (field && !found[field]) found[field] = issue.message;
    }
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    if (draft) {
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
      onSubmit(same ? draft : { ...draft, idempotencyKey: newIdempotencyKey() });
    }
  }

  const describedBy = (field: Field, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : null, hint].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className={errorClass}>
        {errors[field]}
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
                      setErrors((e) => ({ ...e, startsAt: undefined }));
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
            value={name}
            onChange={setName}
            error={fieldError('name')}
            describedBy={describedBy('name')}
          />
          <TextField
            id={`${id}-phone`}
            field="phoneNo"
            label="Phone"
            type="tel"
            autoComplete="tel"
            value={phoneNo}
            onChange={setPhoneNo}
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
              value={email}
              onChange={setEmail}
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
              value={specialRequests}
              aria-invalid={errors.specialRequests ? true : undefined}
              aria-describedby={describedBy('specialRequests')}
              onChange={(e) => setSpecialRequests(e.target.value)}
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
  field: Field;
  label: string;
  type?: string;
  autoComplete: string;
  value: string;
  onChange(value: string): void;
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
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.describedBy}
        required
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error}
    </div>
  );
}
