import { isStaffRole } from '@orderfront/core';
import { useEffect } from 'react';
import { Link, NavLink } from '@/components/ui/link';
import { runtimeConfig } from '@/config/runtime';
import { AccountWidget } from '@/features/auth/components/account-widget';
import { CartButton } from '@/features/cart/components/cart-button';
import { useCartSwitchHooks } from '@/features/cart/hooks/use-cart-switch';
import { useCheckoutStore } from '@/features/checkout/stores/checkout-store';
import { RestaurantSelector } from '@/features/restaurants/components/restaurant-selector';
import { registerCartOnSwitch } from '@/features/restaurants/stores/restaurant-store';
import { useConfigStore } from '@/features/settings/stores/config-store';
import { useAuthStore } from '@/lib/auth-store';
import { type MenuLink, MobileMenu } from './mobile-menu';

const mainLinks: MenuLink[] = [
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
  // Staff reach the back office from the same place as the other links.
  const links = isStaff ? [...mainLinks, { to: '/admin', label: 'Back office' }] : mainLinks;
  // One row at every width: below lg the links move into the menu (a phone has room for four controls).
  return (
    <header className="sticky top-0 z-40 border-stone-200 border-b bg-white/95 text-stone-900 backdrop-blur">
      <div
        className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-3 sm:gap-3 sm:px-4"
        // The theme's height is the header's, its 1 px border included.
        style={{ minHeight: header.height - 1 }}
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
              // A square box of the configured size (the CSS sets the shown size): no shift while it loads.
              width={header.logoSizeDesktop}
              height={header.logoSizeDesktop}
              className="size-[min(var(--logo-mobile),48px)] shrink-0 object-contain md:size-[var(--logo-desktop)]"
            />
          ) : (
            <span
              aria-hidden="true"
              className="grid size-[min(calc(var(--logo-mobile)*0.75),40px)] shrink-0 place-items-center rounded-full bg-primary font-black text-white md:size-[calc(var(--logo-desktop)*0.75)]"
            >
              {name.charAt(0)}
            </span>
          )}
          {/* On a phone the logo alone shows; the name stays the link's accessible name. */}
          {header.showBusinessNameWithLogo && <span className="sr-only truncate sm:not-sr-only">{name}</span>}
        </Link>
        <div className="flex min-w-0 items-center gap-1 sm:gap-3 lg:gap-6">
          <RestaurantSelector />
          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex items-center gap-x-6 font-medium text-sm">
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
              className="hidden rounded-md px-3 py-2 font-medium text-sm text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary lg:block"
            >
              Back office
            </Link>
          )}
          <AccountWidget />
          <CartButton checkoutTo={checkoutTo} />
          <MobileMenu links={links} />
        </div>
      </div>
    </header>
  );
}
