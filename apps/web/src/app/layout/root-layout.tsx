import { roleAllows } from '@orderfront/core';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { FullScreenLoading } from '@/components/layout/full-screen-loading';
import { runtimeConfig } from '@/config/runtime';
import { DineInPageProvider } from '@/features/cart/components/dine-in-page';
import { TopOfferBanner } from '@/features/home/components/top-offer-banner';
import { useRestaurantStore } from '@/features/restaurants/stores/restaurant-store';
import { OnlineOrdersDisabledNotice } from '@/features/settings/components/online-orders-disabled-notice';
import { SeoSync } from '@/features/settings/components/seo-sync';
import { SettingsSync, useServerDownOn502 } from '@/features/settings/components/settings-sync';
import { useConfigStore } from '@/features/settings/stores/config-store';
import { useAuthStore } from '@/lib/auth-store';
import { hydrateLater } from '@/lib/hydrate-later';
import { PageScroll } from './page-scroll';
import { SiteHeader } from './site-header';

// The editor (and the validation it runs before saving) loads only for those who may use it.
const ConfigEditor = lazy(() =>
  import('@/features/settings/components/config-editor').then((m) => ({ default: m.ConfigEditor })),
);

// Below the fold and plain links: the footer hydrates after the page is interactive (decision 049).
const SiteFooter = hydrateLater(() => import('./site-footer').then((m) => m.SiteFooter));

export interface RouteHandle {
  /** The page's name in the document title (home has none: the SEO title alone). */
  title?: string;
}

/** Who may see the config editor: the owner of this tenant (decision 017; the save route checks the same). */
function useIsTenantOwner(): boolean {
  return useAuthStore(
    (s) =>
      s.token !== null &&
      s.user !== null &&
      roleAllows(s.user.role, 'theme') &&
      s.user.tenant_id === runtimeConfig.tenantId,
  );
}

export function RootLayout() {
  useServerDownOn502();
  const location = useLocation();
  const matches = useMatches();
  const theme = useConfigStore((s) => s.theme);
  const isThemeLoading = useConfigStore((s) => s.isThemeLoading);
  const isServerDown = useConfigStore((s) => s.isServerDown);
  const isBannerVisible = useConfigStore((s) => s.isBannerVisible);
  const setBannerVisible = useConfigStore((s) => s.setBannerVisible);
  const isOwner = useIsTenantOwner();
  const pageTitle = matches.map((m) => (m.handle as RouteHandle | undefined)?.title).findLast(Boolean);
  // The chosen restaurant's overrides (theme, ordering switch, payment account) apply once chosen.
  const restaurantId = useRestaurantStore((s) => s.selectedRestaurant?.restaurant.id ?? null);
  const sync = <SettingsSync tenantId={runtimeConfig.tenantId} restaurantId={restaurantId} />;

  // Spec §2: server down → /error, replacing history.
  if (isServerDown && location.pathname !== '/error') {
    return <Navigate to="/error" replace />;
  }
  if (isThemeLoading && !isServerDown) {
    return (
      <>
        {sync}
        <FullScreenLoading />
      </>
    );
  }

  const { topOfferBanner } = theme;
  return (
    <DineInPageProvider value={location.pathname.startsWith('/dine-in')}>
      <div className="flex min-h-dvh flex-col">
        {sync}
        <PageScroll />
        <SeoSync theme={theme} pageTitle={pageTitle} />
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-primary"
        >
          Skip to content
        </a>
        {topOfferBanner.showTopOfferBanner && isBannerVisible && topOfferBanner.topOfferBannerText && (
          <TopOfferBanner
            text={topOfferBanner.topOfferBannerText}
            height={topOfferBanner.topOfferBannerHeight}
            onDismiss={() => setBannerVisible(false)}
          />
        )}
        {/* Decision 058: the header and the page hydrate as their own boundaries, in short slices after
            the root, not in the root's one task. Their code is here, so a click on either before then
            hydrates it at once and then runs. */}
        <Suspense fallback={null}>
          <SiteHeader />
        </Suspense>
        <main id="main" className="flex-1">
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </main>
        <SiteFooter />
        <OnlineOrdersDisabledNotice />
        {isOwner && theme.general.showConfigEditor && (
          <Suspense fallback={null}>
            <ConfigEditor tenantId={runtimeConfig.tenantId} />
          </Suspense>
        )}
      </div>
    </DineInPageProvider>
  );
}
