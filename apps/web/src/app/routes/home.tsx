import { lazy, Suspense } from 'react';
import { CategoriesSection, MenuSection } from '@/features/home/components/catalogue-sections';
import { Hero } from '@/features/home/components/hero';
import { useRestaurantStore } from '@/features/restaurants/stores/restaurant-store';
import { useConfigStore } from '@/features/settings/stores/config-store';
import { hydrateLater } from '@/lib/hydrate-later';

// The menu sections load after the hero, so the first paint never waits for the menu's code.
const HomeMenuSections = lazy(() =>
  import('../home-menu-sections').then((module) => ({ default: module.HomeMenuSections })),
);

// Text and pictures below the hero: they hydrate after the page is interactive (decision 049).
const FeaturesSection = hydrateLater(() =>
  import('@/features/home/components/features-section').then(
    ({ FeaturesSection }) =>
      function ThemeFeatures() {
        return <FeaturesSection features={useConfigStore((s) => s.theme.features)} />;
      },
  ),
);
const MobileAppPromotion = hydrateLater(() =>
  import('@/features/home/components/mobile-app-promotion').then(
    ({ MobileAppPromotion }) =>
      function ThemeMobileApp() {
        return <MobileAppPromotion app={useConfigStore((s) => s.theme.general.mobileApp)} />;
      },
  ),
);

export function Component() {
  const theme = useConfigStore((s) => s.theme);
  const restaurantId = useRestaurantStore((s) => s.selectedRestaurant?.restaurant.id ?? null);
  return (
    <>
      <Hero hero={theme.hero} />
      <FeaturesSection />
      {restaurantId === null ? (
        <>
          <CategoriesSection categories={theme.categories} emptyMessage="Choose a restaurant to see its categories." />
          <MenuSection menu={theme.menu} emptyMessage="Choose a restaurant to see its menu." />
        </>
      ) : (
        <Suspense fallback={<div id="menu" className="min-h-96" />}>
          <HomeMenuSections restaurantId={restaurantId} />
        </Suspense>
      )}
      {theme.general.mobileApp.showPromotion && <MobileAppPromotion />}
    </>
  );
}
