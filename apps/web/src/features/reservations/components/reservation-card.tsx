import type { Reservation } from '@orderfront/core';
import { useState } from 'react';
import { cardClass, primaryButton, secondaryButton } from '@/components/ui/styles';
import { useCancelReservation } from '../api/cancel-reservation';
import { formatInstant } from '../lib/draft';
import { detailsOf, ReservationDetails } from './reservation-details';

/** One booking with its status and, while allowed, a two-step cancel. */
export function ReservationCard({
  reservation,
  token,
  headingLevel = 2,
}: {
  reservation: Reservation;
  /** The mailed token, for a guest; a signed-in owner needs none. */
  token?: string;
  headingLevel?: 2 | 3;
}) {
  const cancel = useCancelReservation();
  const [asking, setAsking] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const cancelled = reservation.status === 'cancelled';
  const headingId = `reservation-${reservation.reference}`;

  return (
    <article className={cardClass} aria-labelledby={headingId}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <Heading id={headingId} className="font-semibold text-lg">
          {reservation.restaurant.name}
        </Heading>
        <span
          className={`rounded-full px-3 py-1 font-medium text-sm ${cancelled ? 'bg-stone-200 text-stone-800' : 'bg-green-100 text-green-900'}`}
        >
          {cancelled ? 'Cancelled' : 'Confirmed'}
        </span>
      </div>
      <ReservationDetails {...detailsOf(reservation)} />
      <div className="mt-4" aria-live="polite">
        {cancel.isError && (
          <p role="alert" className="mb-3 text-red-700">
            {cancel.error.message}
          </p>
        )}
        {cancelled ? (
          <p className="text-stone-700">This reservation is cancelled.</p>
        ) : reservation.can_cancel ? (
          asking ? (
            <div className="flex flex-wrap items-center gap-3">
              <p className="w-full font-medium">Cancel this reservation?</p>
              <button
                type="button"
                className={primaryButton}
                disabled={cancel.isPending}
                onClick={() => cancel.mutate({ reference: reservation.reference, token })}
              >
                {cancel.isPending ? 'Cancelling…' : 'Yes, cancel it'}
              </button>
              <button
                type="button"
                className={secondaryButton}
                onClick={() => setAsking(false)}
                // The question replaced the button that had focus: keep the keyboard user in place.
                ref={(el) => el?.focus()}
              >
                Keep it
              </button>
            </div>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <button type="button" className={secondaryButton} onClick={() => setAsking(true)}>
                Cancel reservation
              </button>
              <p className="text-sm text-stone-600">
                You can cancel online until {formatInstant(reservation.cancel_until, reservation.restaurant.timezone)}.
              </p>
            </div>
          )
        ) : Date.parse(reservation.starts_at) > Date.now() ? (
          <p className="text-stone-700">
            It is too late to cancel online. Please call {reservation.restaurant.name} on {reservation.restaurant.phone}
            .
          </p>
        ) : null}
      </div>
    </article>
  );
}
