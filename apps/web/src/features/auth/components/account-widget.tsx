import { icon } from '@/components/ui/icon';
import { Link } from '@/components/ui/link';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';

const CircleUserRound = icon([
  ['path', { d: 'M17.925 20.056a6 6 0 0 0-11.851.001' }],
  ['circle', { cx: '12', cy: '11', r: '4' }],
  ['circle', { cx: '12', cy: '12', r: '10' }],
]);

/** The header's account entry: "Log in" when signed out, the user's first name linking to /profile when in. */
export function AccountWidget() {
  const isLoggedIn = useAuthStore(selectIsLoggedIn);
  const name = useAuthStore((state) => state.user?.name ?? '');
  const firstName = name.trim().split(/\s+/)[0] || 'Account';
  return (
    <Link
      to={isLoggedIn ? '/profile' : '/login'}
      className="flex items-center gap-2 rounded-md px-2 py-2 sm:px-3 font-medium text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
    >
      <CircleUserRound aria-hidden="true" className="size-5" />
      {/* On a phone the icon alone shows; the name stays for screen readers. */}
      <span className="sr-only sm:not-sr-only">{isLoggedIn ? firstName : 'Log in'}</span>
      {isLoggedIn && <span className="sr-only">: your account</span>}
    </Link>
  );
}
