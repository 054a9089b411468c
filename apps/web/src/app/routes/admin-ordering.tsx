import { RequireAbility } from '@/features/admin/components/admin-shell';
import { OrderingPage } from '@/features/admin/components/ordering-page';

export function Component() {
  return (
    <RequireAbility ability="pause">
      <OrderingPage />
    </RequireAbility>
  );
}
