import { cardClass } from '@/components/ui/styles';
import { useReservation } from '../api/get-reservation';
import { ReservationCard } from './reservation-card';

/** A guest's booking opened from the cancel link in the confirmation mail. */
export function ManageReservation({ reference, token }: { reference: string; token: string }) {
  const reservation = useReservation(reference, token);
  if (reservation.isPending) {
    return (
      <p role="status" className="text-stone-600">
        Loading your reservation…
      </p>
    );
  }
  if (reservation.isError) {
    return (
      <p role="alert" className={cardClass}>
        {(reservation.error as Error).message === 'Reservation not found'
          ? 'We could not find this reservation. Please check the link in your confirmation email.'
          : (reservation.error as Error).message}
      </p>
    );
  }
  return <ReservationCard reservation={reservation.data} token={token} />;
}

/** `#reference=…&token=…` from the mailed link (a fragment never reaches a server). */
export function cancelLinkFrom(hash: string): { reference: string; token: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const reference = params.get('reference');
  const token = params.get('token');
  return reference && token ? { reference, token } : null;
}
