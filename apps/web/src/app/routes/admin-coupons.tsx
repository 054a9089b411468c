import { RequireAbility } from '@/features/admin/components/admin-shell';
import { CouponsPage } from '@/features/admin/components/coupons-page';

export function Component() {
  return (
    <RequireAbility ability="coupons">
      <CouponsPage />
    </RequireAbility>
  );
}
