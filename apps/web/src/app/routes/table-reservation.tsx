import { useLocation, useNavigate } from 'react-router';
import { ReservationForm } from '@/features/reservations/components/reservation-form';
import { ReservationPage } from '@/features/reservations/components/reservation-page';
import { draftFrom } from '@/features/reservations/draft';
import { useRestaurantStore } from '@/features/restaurants/stores/restaurant-store';

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const selectedId = useRestaurantStore((state) => state.selectedRestaurant?.restaurant.id ?? null);
  return (
    <ReservationPage title="Book a table" intro="Choose a restaurant, a date and your party size, then a free time.">
      <ReservationForm
        initial={draftFrom(location.state)}
        preferredRestaurantId={selectedId}
        onSubmit={(draft) => navigate('/table-reservation/confirm', { state: { draft } })}
      />
    </ReservationPage>
  );
}
