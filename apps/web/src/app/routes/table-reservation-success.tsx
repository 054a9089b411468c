import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { ReservationPage } from '@/features/reservations/components/reservation-page';
import { ReservationSuccess } from '@/features/reservations/components/reservation-success';
import { reservationFrom } from '@/features/reservations/lib/draft';
import { choosesOwnRestaurant } from '@/features/restaurants/lib/page-choice';

/** A booking names its restaurant (chosen on the form): no mandatory restaurant dialog over it. */
export const handle = choosesOwnRestaurant;

export function Component() {
  const location = useLocation();
  const reservation = reservationFrom(location.state);
  if (!reservation) {
    return (
      <ReservationPage
        title="Reservation"
        intro="There is no new booking to show. Your confirmation email has the details."
      >
        <Link to="/table-reservation" className="font-semibold text-primary underline">
          Book a table
        </Link>
      </ReservationPage>
    );
  }
  return (
    <ReservationPage title="Your table is booked">
      <ReservationSuccess reservation={reservation} />
    </ReservationPage>
  );
}
