import { RequireAbility } from '@/features/admin/components/admin-shell';
import { AvailabilityPage } from '@/features/admin/components/availability-page';

export function Component() {
  return (
    <RequireAbility ability="availability">
      <AvailabilityPage />
    </RequireAbility>
  );
}
