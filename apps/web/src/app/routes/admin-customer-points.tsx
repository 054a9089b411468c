import { RequireAbility } from '@/features/admin/components/admin-shell';
import { CustomerPointsPage } from '@/features/admin/components/customer-points-page';

export function Component() {
  return (
    <RequireAbility ability="loyalty">
      <CustomerPointsPage />
    </RequireAbility>
  );
}
