import { Navigate, useLocation } from 'react-router';
import { LoyaltyPage } from '@/features/loyalty/components/loyalty-page';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Loyalty points' };

/** /loyalty-points: signed-in customers only; guests are sent to log in first. */
export function Component() {
  const user = useAuthStore((state) => (selectIsLoggedIn(state) ? state.user : null));
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <LoyaltyPage userId={user.id} />;
}
