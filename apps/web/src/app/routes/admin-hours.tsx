import { RequireAbility } from '@/features/admin/components/admin-shell';
import { HoursPage } from '@/features/admin/components/hours-page';

export function Component() {
  return (
    <RequireAbility ability="hours">
      <HoursPage />
    </RequireAbility>
  );
}
