import { useLocation, useNavigate } from 'react-router';
import { ReservationForm } from '@/features/reservations/components/reservation-form';
import { ReservationPage } from '@/features/reservations/components/reservation-page';
import { draftFrom } from '@/features/reservations/lib/draft';
import { choosesOwnRestaurant } from '@/features/restaurants/lib/page-choice';
import { useRestaurantStore } from '@/features/restaurants/stores/restaurant-store';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';

/** The booking form has its own restaurant picker: no mandatory restaurant dialog over it. */
export const handle = choosesOwnRestaurant;

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const selectedId = useRestaurantStore((state) => state.selectedRestaurant?.restaurant.id ?? null);
  const user = useAuthStore((state) => (selectIsLoggedIn(state) ? state.user : null));
  return (
    <ReservationPage title="Book a table" intro="Choose a restaurant, a date and your party size, then a free time.">
      <ReservationForm
        initial={draftFrom(location.state)}
        preferredRestaurantId={selectedId}
        contact={user ? { name: user.name, email: user.email, phoneNo: user.phone_no } : null}
        onSubmit={(draft) => navigate('/table-reservation/confirm', { state: { draft } })}
      />
    </ReservationPage>
  );
}
