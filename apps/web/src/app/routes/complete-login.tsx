import { Link } from '@/components/ui/link';
import { CodeForm } from '@/features/auth/components/code-form';
import { CompleteProfileForm } from '@/features/auth/components/complete-profile-form';
import { AuthCard, linkClass } from '@/features/auth/components/form-fields';
import { usePendingSignInStore } from '@/features/auth/stores/pending-sign-in-store';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';

/** Finishes a sign-in that needs more: the mailed code, or profile fields a social sign-in lacked. */
export function Component() {
  const pending = usePendingSignInStore((state) => state.pending);
  const isLoggedIn = useAuthStore(selectIsLoggedIn);
  const user = useAuthStore((state) => state.user);

  if (isLoggedIn && user && (!user.phone_no || !user.name)) {
    return (
      <AuthCard title="Complete your profile" intro="We need a phone number to reach you about your orders.">
        <CompleteProfileForm name={user.name} />
      </AuthCard>
    );
  }
  if (!isLoggedIn && pending?.purpose === 'login') {
    return (
      <AuthCard title="Enter your sign-in code" intro="We emailed you a 6-digit code.">
        <CodeForm pending={pending} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Nothing to complete">
      <p className="text-stone-700">
        {isLoggedIn ? 'You are signed in.' : 'There is no sign-in waiting here.'}{' '}
        <Link to={isLoggedIn ? '/' : '/login'} className={linkClass}>
          {isLoggedIn ? 'Continue to the home page' : 'Log in'}
        </Link>
      </p>
    </AuthCard>
  );
}
