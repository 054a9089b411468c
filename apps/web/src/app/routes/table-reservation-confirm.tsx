import { useLocation, useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { ReservationConfirm } from '@/features/reservations/components/reservation-confirm';
import { ReservationPage } from '@/features/reservations/components/reservation-page';
import { draftFrom } from '@/features/reservations/lib/draft';
import { choosesOwnRestaurant } from '@/features/restaurants/lib/page-choice';

/** A booking names its restaurant (chosen on the form): no mandatory restaurant dialog over it. */
export const handle = choosesOwnRestaurant;

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const draft = draftFrom(location.state);
  if (!draft) {
    return (
      <ReservationPage title="Confirm your booking" intro="There is no booking to confirm yet.">
        <Link to="/table-reservation" className="font-semibold text-primary underline">
          Book a table
        </Link>
      </ReservationPage>
    );
  }
  return (
    <ReservationPage title="Confirm your booking" intro="Please check the details, then confirm.">
      <ReservationConfirm
        draft={draft}
        onEdit={() => navigate('/table-reservation', { state: { draft } })}
        onDraftChange={(next) => navigate('/table-reservation/confirm', { replace: true, state: { draft: next } })}
        // Replace: Back from the success page must not offer to book the same table again.
        onBooked={(reservation) => navigate('/table-reservation/success', { replace: true, state: { reservation } })}
      />
    </ReservationPage>
  );
}
