import { RequireAbility } from '@/features/admin/components/admin-shell';
import { BusinessPage } from '@/features/admin/components/business-page';

export function Component() {
  return (
    <RequireAbility ability="business">
      <BusinessPage />
    </RequireAbility>
  );
}
