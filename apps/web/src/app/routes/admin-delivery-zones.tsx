import { RequireAbility } from '@/features/admin/components/admin-shell';
import { DeliveryZonesPage } from '@/features/admin/components/delivery-zones-page';

export function Component() {
  return (
    <RequireAbility ability="restaurants">
      <DeliveryZonesPage />
    </RequireAbility>
  );
}
