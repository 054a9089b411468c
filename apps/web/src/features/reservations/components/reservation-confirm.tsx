import { nearestSlots, type Reservation } from '@orderfront/core';
import { useEffect, useRef } from 'react';
import { cardClass, primaryButton, secondaryButton } from '@/components/ui/styles';
import { ApiError, apiMessage } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useCreateReservation } from '../api/create-reservation';
import { useAvailability } from '../api/get-availability';
import { draftBody, formatTime, type ReservationDraft } from '../lib/draft';
import { ReservationDetails } from './reservation-details';

/** The summary before booking; a full slot offers the nearest free times instead. */
export function ReservationConfirm({
  draft,
  onEdit,
  onBooked,
  onDraftChange,
}: {
  draft: ReservationDraft;
  onEdit(): void;
  onBooked(reservation: Reservation): void;
  onDraftChange(draft: ReservationDraft): void;
}) {
  const booking = useCreateReservation();
  // An ApiError's message is written for the customer; anything else gets a generic line.
  const message = apiMessage(booking.error, 'Something went wrong. Please try again.');
  const slotTaken = booking.error instanceof ApiError && booking.error.status === 409;
  const alternatives = useAvailability(
    slotTaken ? { restaurantId: draft.restaurant.id, date: draft.date, partySize: draft.partySize } : null,
  );
  const nearest = nearestSlots(alternatives.data?.slots ?? [], draft.startsAt);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (booking.isError) alertRef.current?.focus();
  }, [booking.isError]);

  function confirm() {
    booking.mutate({ body: draftBody(draft), idempotencyKey: draft.idempotencyKey }, { onSuccess: onBooked });
  }

  return (
    <div className="flex flex-col gap-6">
      <section className={cardClass} aria-labelledby="confirm-summary">
        <h2 id="confirm-summary" className="mb-4 font-semibold text-lg">
          Your booking
        </h2>
        <ReservationDetails
          restaurantName={draft.restaurant.name}
          address={`${draft.restaurant.street_name}, ${draft.restaurant.city}`}
          date={draft.date}
          time={draft.time}
          partySize={draft.partySize}
          name={draft.name}
          email={draft.email}
          phoneNo={draft.phoneNo}
          specialRequests={draft.specialRequests}
        />
      </section>

      {booking.isError && (
        <div
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 focus:outline-2 focus:outline-red-700"
        >
          <p className="font-semibold">{message}</p>
          {slotTaken && nearest.length > 0 && (
            <div className="mt-3">
              <p className="mb-2">The nearest free times that day:</p>
              <ul className="flex flex-wrap gap-2">
                {nearest.map((slot) => (
                  <li key={slot.starts_at}>
                    <button
                      type="button"
                      className={secondaryButton}
                      onClick={() => {
                        booking.reset();
                        onDraftChange({
                          ...draft,
                          startsAt: slot.starts_at,
                          time: slot.time,
                          idempotencyKey: newIdempotencyKey(),
                        });
                      }}
                    >
                      Choose {formatTime(slot.time)}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {slotTaken && alternatives.isSuccess && nearest.length === 0 && (
            <p className="mt-2">There are no other free times that day. Please change the date.</p>
          )}
        </div>
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={onEdit} disabled={booking.isPending}>
          Change details
        </button>
        <button type="button" className={primaryButton} onClick={confirm} disabled={booking.isPending}>
          {booking.isPending ? 'Booking…' : 'Confirm booking'}
        </button>
      </div>
    </div>
  );
}
