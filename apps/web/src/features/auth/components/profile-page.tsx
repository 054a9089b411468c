import type { ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Link } from '@/components/ui/link';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { useMe } from '../api/get-me';
import { useLogout } from '../api/logout';
import { AddressesSection } from './addresses-section';
import { ChangePasswordForm } from './change-password-form';
import { secondaryButtonClass } from './form-fields';
import { ProfileDetailsForm } from './profile-details-form';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-5">
      <h2 id={id} className="font-semibold text-stone-900 text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ProfilePage() {
  const navigate = useNavigate();
  const isLoggedIn = useAuthStore(selectIsLoggedIn);
  const storedUser = useAuthStore((state) => state.user);
  const me = useMe();
  const logout = useLogout();
  const logoutAll = useLogout(true);

  if (!isLoggedIn) return <Navigate to="/login" replace state={{ from: '/profile' }} />;
  if (me.error) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="font-bold text-2xl">Authentication error</h1>
        <p className="mt-2 text-stone-600">Your session may have expired. Please log in again.</p>
        <button
          type="button"
          className={`${secondaryButtonClass} mt-6`}
          onClick={() => {
            useAuthStore.getState().clearAuth();
            navigate('/login', { replace: true });
          }}
        >
          Log in again
        </button>
      </section>
    );
  }
  const user = me.data ?? storedUser;
  if (!user) return null;

  const signOut = (everywhere: boolean) =>
    (everywhere ? logoutAll : logout).mutate(undefined, {
      onSettled: () => {
        toast.success(everywhere ? 'Signed out on every device' : 'Signed out');
        navigate('/', { replace: true });
      },
    });

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="font-bold text-3xl text-stone-900">Your profile</h1>
        <Link to="/order-history" className="font-medium text-primary underline-offset-2 hover:underline">
          Your orders
        </Link>
      </div>
      <Section title="Your details">
        <ProfileDetailsForm key={`${user.id}-${user.email}-${user.name}-${user.phone_no}`} user={user} />
      </Section>
      <Section title="Saved addresses">
        <AddressesSection />
      </Section>
      <Section title="Password">
        <ChangePasswordForm hasPassword={user.has_password} />
      </Section>
      <Section title="Sign out">
        <div className="flex flex-wrap gap-3">
          <button type="button" className={secondaryButtonClass} onClick={() => signOut(false)}>
            Sign out
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => signOut(true)}>
            Sign out everywhere
          </button>
        </div>
      </Section>
    </div>
  );
}
