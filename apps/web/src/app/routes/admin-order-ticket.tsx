import { useParams } from 'react-router';
import { RequireAbility } from '@/features/admin/components/admin-shell';
import { OrderTicket } from '@/features/admin/components/order-ticket';
import { Notice } from '@/features/admin/components/ui';

export function Component() {
  const id = Number(useParams().orderId);
  return (
    <RequireAbility ability="orders">
      {Number.isInteger(id) && id > 0 ? <OrderTicket orderId={id} /> : <Notice tone="error">Order not found.</Notice>}
    </RequireAbility>
  );
}
