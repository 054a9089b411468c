import { defaultTheme } from '@storefront/core';
import { Link } from 'react-router';
import { runtimeConfig } from '@/config/runtime';
import { AccountWidget } from '@/features/auth/components/account-widget';
import { RestaurantSelector } from '@/features/restaurants/components/restaurant-selector';

export function SiteHeader() {
  const { header } = defaultTheme;
  return (
    <header className="sticky top-0 z-40 border-stone-200 border-b bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between px-4" style={{ height: header.height }}>
        <Link to="/" className="flex items-center gap-3 font-bold text-lg text-primary">
          <span
            aria-hidden="true"
            className="grid shrink-0 place-items-center rounded-full bg-primary font-black text-white"
            style={{ width: header.logoSizeDesktop * 0.75, height: header.logoSizeDesktop * 0.75 }}
          >
            {runtimeConfig.tenant.name.charAt(0)}
          </span>
          {header.showBusinessNameWithLogo && <span>{runtimeConfig.tenant.name}</span>}
        </Link>
        <RestaurantSelector />
        <AccountWidget />
      </div>
    </header>
  );
}
