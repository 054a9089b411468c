import { isStaffRole } from '@orderfront/core';
import { useEffect } from 'react';
import { Link, NavLink } from 'react-router';
import { runtimeConfig } from '@/config/runtime';
import { AccountWidget } from '@/features/auth/components/account-widget';
import { CartButton } from '@/features/cart/components/cart-button';
import { useCartSwitchHooks } from '@/features/cart/hooks/use-cart-switch';
import { useCheckoutStore } from '@/features/checkout/stores/checkout-store';
import { RestaurantSelector } from '@/features/restaurants/components/restaurant-selector';
import { registerCartOnSwitch } from '@/features/restaurants/stores/restaurant-store';
import { useConfigStore } from '@/features/settings/stores/config-store';
import { useAuthStore } from '@/lib/auth-store';

const mainLinks = [
  { to: '/menu', label: 'Menu' },
  { to: '/deals', label: 'Deals' },
  { to: '/table-reservation', label: 'Reservations' },
  { to: '/gift-cards', label: 'Gift cards' },
  { to: '/contact', label: 'Contact' },
];

export function SiteHeader() {
  const header = useConfigStore((s) => s.theme.header);
  const general = useConfigStore((s) => s.theme.general);
  const isStaff = useAuthStore(
    (s) => s.token !== null && isStaffRole(s.user?.role) && s.user?.tenant_id === runtimeConfig.tenantId,
  );
  // The restaurant switch clears a non-empty cart (spec §4).
  const cartOnSwitch = useCartSwitchHooks();
  const checkoutTo = useCheckoutStore((s) => (s.deliveryMethod === 'dine_in' ? '/dine-in-menu/checkout' : '/checkout'));
  useEffect(() => registerCartOnSwitch(cartOnSwitch), [cartOnSwitch]);
  const name = general.businessShortName || general.businessFullName || runtimeConfig.tenant.name;
  const logoStyle = {
    '--logo-mobile': `${header.logoSizeMobile}px`,
    '--logo-desktop': `${header.logoSizeDesktop}px`,
  } as React.CSSProperties;
  return (
    <header className="sticky top-0 z-40 border-stone-200 border-b bg-white/95 text-stone-900 backdrop-blur">
      <div
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-1"
        style={{ minHeight: header.height }}
      >
        <Link
          to="/"
          aria-label={header.showBusinessNameWithLogo ? undefined : `${name} home`}
          className="flex min-w-0 items-center gap-2 font-bold text-lg text-primary sm:gap-3"
          style={logoStyle}
        >
          {general.logo ? (
            <img
              src={general.logo}
              alt=""
              className="size-[var(--logo-mobile)] shrink-0 object-contain md:size-[var(--logo-desktop)]"
            />
          ) : (
            <span
              aria-hidden="true"
              className="grid size-[calc(var(--logo-mobile)*0.75)] shrink-0 place-items-center rounded-full bg-primary font-black text-white md:size-[calc(var(--logo-desktop)*0.75)]"
            >
              {name.charAt(0)}
            </span>
          )}
          {header.showBusinessNameWithLogo && <span className="truncate">{name}</span>}
        </Link>
        <div className="flex items-center gap-3 sm:gap-6">
          <RestaurantSelector />
          <nav aria-label="Main">
            <ul className="flex flex-wrap items-center gap-x-3 gap-y-1 font-medium text-sm sm:gap-x-6">
              {mainLinks.map(({ to, label }) => (
                <li key={to}>
                  <NavLink to={to} className="hover:text-primary aria-[current=page]:text-primary">
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {isStaff && (
            <Link
              to="/admin"
              className="rounded-md px-3 py-2 font-medium text-sm text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
            >
              Back office
            </Link>
          )}
          <AccountWidget />
          <CartButton checkoutTo={checkoutTo} />
        </div>
      </div>
    </header>
  );
}
