import { RequireAbility } from '@/features/admin/components/admin-shell';
import { OrdersBoard } from '@/features/admin/components/orders-board';

export function Component() {
  return (
    <RequireAbility ability="orders">
      <OrdersBoard />
    </RequireAbility>
  );
}
