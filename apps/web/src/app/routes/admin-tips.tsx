import { RequireAbility } from '@/features/admin/components/admin-shell';
import { TipsPage } from '@/features/admin/components/tips-page';

export function Component() {
  return (
    <RequireAbility ability="payments">
      <TipsPage />
    </RequireAbility>
  );
}
