import { Navigate, useLocation } from 'react-router';
import { AuthCard } from '@/features/auth/components/form-fields';
import { LoginForm } from '@/features/auth/components/login-form';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';

export function Component() {
  const isLoggedIn = useAuthStore(selectIsLoggedIn);
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/';
  if (isLoggedIn) return <Navigate to={from} replace />;
  return (
    <AuthCard title="Log in" intro="Welcome back. Sign in to see your favourites, addresses and orders.">
      <LoginForm redirectTo={from} />
    </AuthCard>
  );
}
