import { useEffect, useState } from 'react';
import { Link } from '@/components/ui/link';
import { runtimeConfig } from '@/config/runtime';
import { AcceptInvitationForm } from '@/features/auth/components/accept-invitation-form';
import { AuthCard, linkClass } from '@/features/auth/components/form-fields';
import { choosesOwnRestaurant } from '@/features/restaurants/lib/page-choice';
import type { RouteHandle } from '../layout/root-layout';

/** No restaurant is needed to join a team: the mandatory restaurant dialog does not cover it. */
export const handle: RouteHandle & typeof choosesOwnRestaurant = { ...choosesOwnRestaurant, title: 'Join the team' };

/** The token travels in the fragment (`#token=…`): browsers never send it to a server or in Referer. */
function readToken(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}

/** /accept-invite: someone invited to run the business sets their name and password (decision 036). */
export function Component() {
  const [token] = useState(readToken);
  useEffect(() => {
    // Out of the address bar and history once read.
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  const business = runtimeConfig.tenant?.name ?? 'the business';
  if (!token) {
    return (
      <AuthCard title="This invitation link is incomplete">
        <p className="text-stone-700">
          Open the link from your invitation mail exactly as it was sent, or ask the owner of {business} to invite you
          again.
        </p>
        <Link to="/" className={linkClass}>
          Back to the shop
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={`Join ${business}`}
      intro="You have been invited to help run the online shop. Set your name and a password to sign in."
    >
      <AcceptInvitationForm token={token} />
    </AuthCard>
  );
}
