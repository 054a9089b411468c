import { RequireAbility } from '@/features/admin/components/admin-shell';
import { StaffPage } from '@/features/admin/components/staff-page';

export function Component() {
  return (
    <RequireAbility ability="staff">
      <StaffPage />
    </RequireAbility>
  );
}
