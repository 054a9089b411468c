import { runtimeConfig } from '@/config/runtime';
import { useProductHighlights } from '@/features/home/api/get-product-highlights';
import { CategoriesSection, MenuSection } from '@/features/home/components/catalogue-sections';
import { FeaturesSection } from '@/features/home/components/features-section';
import { Hero } from '@/features/home/components/hero';
import { MobileAppPromotion } from '@/features/home/components/mobile-app-promotion';
import { ProductHighlightSection } from '@/features/home/components/product-highlights';
import { useRestaurantStore } from '@/features/restaurants/stores/restaurant-store';
import { useConfigStore } from '@/features/settings/stores/config-store';

const money = new Intl.NumberFormat(runtimeConfig.tenant.locale, {
  style: 'currency',
  currency: runtimeConfig.tenant.currency,
});
const formatPrice = (cents: number) => money.format(cents / 100);

export function Component() {
  const theme = useConfigStore((s) => s.theme);
  const { general } = theme;
  const wantsHighlights = general.showBestSellingSection || general.showFreshAdditionsSection;
  const restaurantId = useRestaurantStore((s) => s.selectedRestaurant?.restaurant.id ?? null);
  const highlights = useProductHighlights(runtimeConfig.tenantId, restaurantId, wantsHighlights);
  return (
    <>
      <Hero hero={theme.hero} />
      <FeaturesSection features={theme.features} />
      {general.showBestSellingSection && (
        <ProductHighlightSection
          id="best-selling"
          title="Best Sellers"
          products={highlights.data?.best_selling ?? []}
          formatPrice={formatPrice}
        />
      )}
      <CategoriesSection
        categories={theme.categories}
        items={[]}
        emptyMessage="Choose a restaurant to see its categories."
      />
      <MenuSection menu={theme.menu} items={[]} emptyMessage="Choose a restaurant to see its menu." />
      {general.showFreshAdditionsSection && (
        <ProductHighlightSection
          id="fresh-additions"
          title="Fresh Additions"
          products={highlights.data?.fresh_additions ?? []}
          formatPrice={formatPrice}
        />
      )}
      {general.mobileApp.showPromotion && <MobileAppPromotion app={general.mobileApp} />}
    </>
  );
}
