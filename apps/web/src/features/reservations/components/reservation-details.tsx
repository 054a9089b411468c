import type { Reservation } from '@orderfront/core';
import { formatDate, formatTime, guestsLabel } from '../lib/draft';

export interface ReservationDetailsProps {
  reference?: string;
  restaurantName: string;
  address?: string;
  date: string;
  time: string;
  partySize: number;
  name: string;
  email: string;
  phoneNo: string;
  specialRequests: string;
}

/** The details of a booking made. */
export function detailsOf(reservation: Reservation): ReservationDetailsProps {
  return {
    reference: reservation.reference,
    restaurantName: reservation.restaurant.name,
    address: reservation.restaurant.address,
    date: reservation.date,
    time: reservation.time,
    partySize: reservation.party_size,
    name: reservation.name,
    email: reservation.email,
    phoneNo: reservation.phone_no,
    specialRequests: reservation.special_requests,
  };
}

/** The facts of a booking, as a description list (confirm, success, manage and listing pages). */
export function ReservationDetails(props: ReservationDetailsProps) {
  const rows: [string, string][] = [
    ...(props.reference ? ([['Reference', props.reference]] as [string, string][]) : []),
    ['Restaurant', props.address ? `${props.restaurantName}, ${props.address}` : props.restaurantName],
    ['Date', formatDate(props.date)],
    ['Time', formatTime(props.time)],
    ['Party', guestsLabel(props.partySize)],
    ['Name', props.name],
    ['Email', props.email],
    ['Phone', props.phoneNo],
    ['Special requests', props.specialRequests || 'None'],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-stone-600">{term}</dt>
          <dd className="mb-2 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
