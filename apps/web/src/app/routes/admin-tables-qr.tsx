import { RequireAbility } from '@/features/admin/components/admin-shell';
import { TableQrSheet } from '@/features/admin/components/tables-page';

export function Component() {
  return (
    <RequireAbility ability="restaurants">
      <TableQrSheet />
    </RequireAbility>
  );
}
