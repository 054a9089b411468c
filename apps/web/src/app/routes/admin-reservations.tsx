import { RequireAbility } from '@/features/admin/components/admin-shell';
import { ReservationsPage } from '@/features/admin/components/reservations-page';

export function Component() {
  return (
    <RequireAbility ability="reservations">
      <ReservationsPage />
    </RequireAbility>
  );
}
