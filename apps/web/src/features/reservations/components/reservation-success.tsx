import { calendarEvent, type Reservation } from '@orderfront/core';
import { useMemo } from 'react';
import { cardClass, primaryButton } from '@/components/ui/styles';
import { formatDate, formatTime, guestsLabel } from '../lib/draft';
import { detailsOf, ReservationDetails } from './reservation-details';

/** The .ics file of a booking, as a link the browser downloads. */
export function calendarHref(reservation: Reservation, now = new Date()): string {
  const ics = calendarEvent({
    uid: `${reservation.reference}@${window.location.host || 'storefront'}`,
    startsAt: reservation.starts_at,
    endsAt: reservation.ends_at,
    summary: `Table for ${reservation.party_size} at ${reservation.restaurant.name}`,
    location: `${reservation.restaurant.name}, ${reservation.restaurant.address}`,
    description: `Reference ${reservation.reference}. ${guestsLabel(reservation.party_size)}. Phone ${reservation.restaurant.phone}.`,
    now,
  });
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
}

export function ReservationSuccess({ reservation }: { reservation: Reservation }) {
  const href = useMemo(() => calendarHref(reservation), [reservation]);
  return (
    <div className="flex flex-col gap-6">
      <section className={`${cardClass} text-center`} aria-labelledby="success-reference">
        <p className="text-stone-700">
          {reservation.restaurant.name}, {formatDate(reservation.date)} at {formatTime(reservation.time)}
        </p>
        <p className="mt-4 text-stone-700">Your reference</p>
        <p id="success-reference" className="font-bold font-mono text-3xl text-primary tracking-wider">
          {reservation.reference}
        </p>
        <p className="mt-4 text-stone-700">
          We have sent the confirmation and a cancel link to <strong>{reservation.email}</strong>.
        </p>
        <a href={href} download={`reservation-${reservation.reference}.ics`} className={`${primaryButton} mt-6`}>
          Add to calendar
        </a>
      </section>
      <section className={cardClass} aria-labelledby="success-details">
        <h2 id="success-details" className="mb-4 font-semibold text-lg">
          Booking details
        </h2>
        <ReservationDetails {...detailsOf(reservation)} />
      </section>
    </div>
  );
}
