import { lazy, Suspense } from 'react';
import { CategoriesSection, MenuSection } from '@/features/home/components/catalogue-sections';
import { FeaturesSection } from '@/features/home/components/features-section';
import { Hero } from '@/features/home/components/hero';
import { MobileAppPromotion } from '@/features/home/components/mobile-app-promotion';
import { useRestaurantStore } from '@/features/restaurants/stores/restaurant-store';
import { useConfigStore } from '@/features/settings/stores/config-store';

// The menu sections load after the hero, so the first paint never waits for the menu's code.
const HomeMenuSections = lazy(() =>
  import('../home-menu-sections').then((module) => ({ default: module.HomeMenuSections })),
);

export function Component() {
  const theme = useConfigStore((s) => s.theme);
  const restaurantId = useRestaurantStore((s) => s.selectedRestaurant?.restaurant.id ?? null);
  return (
    <>
      <Hero hero={theme.hero} />
      <FeaturesSection features={theme.features} />
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
      {theme.general.mobileApp.showPromotion && <MobileAppPromotion app={theme.general.mobileApp} />}
    </>
  );
}
