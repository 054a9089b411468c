import type { AdminAbility } from '@orderfront/core';

export type { AdminNavGroup, AdminNavItem } from './admin-navigation';

import { type ReactNode, useMemo } from 'react';
import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { useAdminMe } from '../api/get-admin-me';
import { useAdminRestaurantStore } from '../stores/admin-restaurant-store';
import { AdminContext, type AdminContextValue, useAdmin } from './admin-context';
import { type AdminNavItem, AdminNavigation } from './admin-navigation';
import { BusinessPage } from './business-page';
import { GoingLiveChecklist } from './going-live-checklist';
import { OrderFeedProvider } from './order-feed';
import { FirstRestaurant } from './restaurants-page';
import { inputClass, Notice } from './ui';

function Centered({ children }: { children: ReactNode }) {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      {children}
    </main>
  );
}

/**
 * A new business's owner has no restaurant yet, so no switcher and no restaurant's areas: the
 * going-live checklist, and the two steps it starts with (business details, the first restaurant).
 */
function FirstSteps() {
  const { pathname } = useLocation();
  const step = pathname.startsWith('/admin/business') ? (
    <BusinessPage />
  ) : pathname.startsWith('/admin/restaurants') ? (
    <FirstRestaurant />
  ) : null;
  return (
    <main id="main" className="mx-auto grid max-w-3xl gap-6 p-6">
      {step ? (
        <p className="font-bold text-lg">Restaurant back office</p>
      ) : (
        <h1 className="font-bold text-2xl text-stone-900">Restaurant back office</h1>
      )}
      {step ?? <GoingLiveChecklist />}
      {step && (
        <Link to="/admin" className="font-semibold text-stone-900 underline">
          Back to the checklist
        </Link>
      )}
    </main>
  );
}

function NoAccess({ signedIn }: { signedIn: boolean }) {
  return (
    <Centered>
      <h1 className="font-bold text-2xl text-stone-900">Restaurant back office</h1>
      {signedIn ? (
        <p className="text-stone-700">This area is for the restaurant's staff. Your account has no staff role here.</p>
      ) : (
        <p className="text-stone-700">Sign in with your staff account to manage orders, the menu and bookings.</p>
      )}
      <div className="flex gap-3">
        {!signedIn && (
          <Link to="/login" state={{ from: '/admin' }} className="font-semibold text-stone-900 underline">
            Sign in
          </Link>
        )}
        <Link to="/" className="font-semibold text-stone-900 underline">
          Back to the shop
        </Link>
      </div>
    </Centered>
  );
}

/**
 * The back office's frame: who may enter (signed-in staff of this tenant, checked by the server),
 * the restaurant switcher (only the restaurants the user manages) and the areas the role may use.
 */
export function AdminShell({ nav, children }: { nav: AdminNavItem[]; children: ReactNode }) {
  const token = useAuthStore((s) => s.token);
  const user = useAuthStore((s) => s.user);
  const isCustomer = user?.role === 'customer';
  const { data: me, error, isPending } = useAdminMe(isCustomer ? null : token);
  const chosen = useAdminRestaurantStore((s) => s.restaurantId);
  const choose = useAdminRestaurantStore((s) => s.choose);

  const value = useMemo<AdminContextValue | null>(() => {
    if (!me) return null;
    const restaurant = me.restaurants.find((r) => r.id === chosen) ?? me.restaurants[0];
    if (!restaurant) return null;
    return { me, restaurant, can: (ability) => me.abilities[ability] };
  }, [me, chosen]);

  if (!token || !user) return <NoAccess signedIn={false} />;
  if (isCustomer) return <NoAccess signedIn />;
  if (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      return <NoAccess signedIn={error.status === 403} />;
    }
    return (
      <Centered>
        <Notice tone="error">{error.message}</Notice>
      </Centered>
    );
  }
  if (isPending || !me) {
    return (
      <Centered>
        <p role="status">Loading…</p>
      </Centered>
    );
  }
  // A new business (decision 036): its owner starts from the going-live checklist.
  if (!value && me.user.role === 'owner') return <FirstSteps />;
  if (!value) {
    return (
      <Centered>
        <h1 className="font-bold text-2xl text-stone-900">Restaurant back office</h1>
        <p className="text-stone-700">You are not assigned to a restaurant yet. Ask the owner to add you to one.</p>
      </Centered>
    );
  }

  const frame = (
    <div className="min-h-dvh bg-stone-100 text-stone-900 print:bg-white">
      <header className="border-stone-300 border-b bg-white print:hidden">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <p className="font-bold text-lg">Restaurant back office</p>
          <label className="flex items-center gap-2 text-sm">
            <span>Restaurant</span>
            <select className={inputClass} value={value.restaurant.id} onChange={(e) => choose(Number(e.target.value))}>
              {me.restaurants.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                  {r.status === 1 ? '' : ' (inactive)'}
                </option>
              ))}
            </select>
          </label>
          <p className="ml-auto text-sm text-stone-700">
            {me.user.name} · <span className="capitalize">{me.user.role}</span> ·{' '}
            <Link to="/" className="underline">
              Shop
            </Link>
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 lg:flex lg:gap-6">
        <AdminNavigation items={nav.filter((item) => me.abilities[item.ability])} />
        <main id="main" className="min-w-0 flex-1 py-4">
          {children}
        </main>
      </div>
    </div>
  );
  // The live order feed lives in the frame so the badge and the alert work on every page.
  return (
    <AdminContext.Provider value={value}>
      {me.abilities.orders ? <OrderFeedProvider restaurantId={value.restaurant.id}>{frame}</OrderFeedProvider> : frame}
    </AdminContext.Provider>
  );
}

/** A page of one area: shown only when the role allows it (the server refuses it anyway). */
export function RequireAbility({ ability, children }: { ability: AdminAbility; children: ReactNode }) {
  const { can } = useAdmin();
  if (!can(ability)) return <Notice tone="error">Your role does not allow this.</Notice>;
  return <>{children}</>;
}
