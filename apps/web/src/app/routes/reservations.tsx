import { Link, useLocation } from 'react-router';
import { cancelLinkFrom, ManageReservation } from '@/features/reservations/components/manage-reservation';
import { ReservationPage } from '@/features/reservations/components/reservation-page';

export function Component() {
  const location = useLocation();
  const link = cancelLinkFrom(location.hash);
  if (link) {
    return (
      <ReservationPage title="Your reservation">
        <ManageReservation reference={link.reference} token={link.token} />
      </ReservationPage>
    );
  }
  return (
    <ReservationPage
      title="My reservations"
      intro="Booked as a guest? Open the link in your confirmation email to see or cancel that booking."
    >
      <Link to="/table-reservation" className="font-semibold text-primary underline">
        Book a table
      </Link>
    </ReservationPage>
  );
}
