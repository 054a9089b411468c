import { Navigate } from 'react-router';
import { useGoingLive } from '@/features/admin/api/get-going-live';
import { useAdmin } from '@/features/admin/components/admin-context';
import { GoingLiveChecklist } from '@/features/admin/components/going-live-checklist';
import { PageTitle } from '@/features/admin/components/ui';
import { adminNav } from './admin';

/**
 * /admin: the going-live checklist while the shop cannot take orders yet (owners, who can put it
 * right); otherwise the first area the role may use.
 */
export function Component() {
  const { can } = useAdmin();
  const first = adminNav.find((item) => can(item.ability));
  const owner = can('staff');
  const { data, isPending } = useGoingLive();
  if (owner && isPending) return <p role="status">Loading…</p>;
  if (owner && data && !data.ready) {
    return (
      <section>
        <PageTitle>Back office</PageTitle>
        <GoingLiveChecklist />
      </section>
    );
  }
  return <Navigate to={first?.to ?? '/admin/menu'} replace />;
}
