import { Navigate } from 'react-router';
import { useAdmin } from '@/features/admin/components/admin-context';
import { adminNav } from './admin';

/** /admin: the first area the role may use. */
export function Component() {
  const { can } = useAdmin();
  const first = adminNav.find((item) => can(item.ability));
  return <Navigate to={first?.to ?? '/admin/menu'} replace />;
}
