import { RequireAbility } from '@/features/admin/components/admin-shell';
import { ReportsPage } from '@/features/admin/components/reports-page';

export function Component() {
  return (
    <RequireAbility ability="reports">
      <ReportsPage />
    </RequireAbility>
  );
}
