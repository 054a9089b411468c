import { RequireAbility } from '@/features/admin/components/admin-shell';
import { TablesPage } from '@/features/admin/components/tables-page';

export function Component() {
  return (
    <RequireAbility ability="restaurants">
      <TablesPage />
    </RequireAbility>
  );
}
