import { RequireAbility } from '@/features/admin/components/admin-shell';
import { RewardsPage } from '@/features/admin/components/rewards-page';

export function Component() {
  return (
    <RequireAbility ability="rewards">
      <RewardsPage />
    </RequireAbility>
  );
}
