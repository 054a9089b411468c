import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { cancelLinkFrom, ManageReservation } from '@/features/reservations/components/manage-reservation';
import { MyReservations } from '@/features/reservations/components/my-reservations';
import { ReservationPage } from '@/features/reservations/components/reservation-page';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';

export function Component() {
  const location = useLocation();
  const user = useAuthStore((state) => (selectIsLoggedIn(state) ? state.user : null));
  const link = cancelLinkFrom(location.hash);
  if (link) {
    return (
      <ReservationPage title="Your reservation">
        <ManageReservation reference={link.reference} token={link.token} />
      </ReservationPage>
    );
  }
  if (user) {
    return (
      <ReservationPage title="My reservations">
        <MyReservations userId={user.id} />
      </ReservationPage>
    );
  }
  return (
    <ReservationPage
      title="My reservations"
      intro="Log in to see and cancel your reservations. Booked as a guest? Open the link in your confirmation email."
    >
      <div className="flex flex-wrap gap-4">
        <Link to="/login" className="font-semibold text-primary underline">
          Log in
        </Link>
        <Link to="/table-reservation" className="font-semibold text-primary underline">
          Book a table
        </Link>
      </div>
    </ReservationPage>
  );
}
