import { Link } from '@/components/ui/link';
import { CodeForm } from '@/features/auth/components/code-form';
import { AuthCard, linkClass } from '@/features/auth/components/form-fields';
import { usePendingSignInStore } from '@/features/auth/stores/pending-sign-in-store';

export function Component() {
  const pending = usePendingSignInStore((state) => state.pending);
  return (
    <AuthCard title="Check your email" intro={pending ? 'Enter the 6-digit code we emailed you.' : undefined}>
      {pending ? (
        <CodeForm pending={pending} />
      ) : (
        <p className="text-stone-700">
          There is no code waiting here.{' '}
          <Link to="/signup" className={linkClass}>
            Create an account
          </Link>{' '}
          or{' '}
          <Link to="/login" className={linkClass}>
            log in
          </Link>
          .
        </p>
      )}
    </AuthCard>
  );
}
