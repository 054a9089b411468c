import { RequireAbility } from '@/features/admin/components/admin-shell';
import { RestaurantsPage } from '@/features/admin/components/restaurants-page';

export function Component() {
  return (
    <RequireAbility ability="restaurants">
      <RestaurantsPage />
    </RequireAbility>
  );
}
