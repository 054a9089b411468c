import { type AddToCartPayload, defaultTheme, type MenuChannel } from '@storefront/core';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { DealsView } from '@/features/menu/components/deals-view';
import { HomeCatalogue } from '@/features/menu/components/home-catalogue';
import { MenuView } from '@/features/menu/components/menu-view';
import { useRestaurantStore } from '@/features/restaurants/stores/restaurant-store';

/**
 * What the menu routes share: the selected restaurant (the restaurants feature) and, until the
 * config store lands (issue 3), the default theme.
 */
export function useRestaurantId(): number | null {
  return useRestaurantStore((s) => s.selectedRestaurant?.restaurant.id ?? null);
}

/** The cart (issue 6) is not built yet: the dialog's POST /v2/cart body has nowhere to go. */
export function addToCart(_payload: AddToCartPayload) {
  toast.error('Unable to add item to cart.');
}

function NoRestaurant() {
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-16">
      <h1 className="font-extrabold text-3xl">{defaultTheme.menu.title}</h1>
      <p className="text-stone-700">Choose a restaurant to see its menu.</p>
    </section>
  );
}

export function MenuRoute({ channel, title, notice }: { channel: MenuChannel; title?: string; notice?: ReactNode }) {
  const restaurantId = useRestaurantId();
  if (restaurantId === null) return <NoRestaurant />;
  const { menu, general } = defaultTheme;
  return (
    <MenuView
      key={restaurantId}
      restaurantId={restaurantId}
      channel={channel}
      title={title ?? menu.title}
      subtitle={menu.subtitle}
      categoryLayout={menu.categoryLayout}
      showOutOfStockProducts={menu.showOutOfStockProducts}
      showProductUnit={general.showProductUnit}
      onAddToCart={addToCart}
      notice={notice}
    />
  );
}

export function DealsRoute({ channel }: { channel: MenuChannel }) {
  const restaurantId = useRestaurantId();
  if (restaurantId === null) return <NoRestaurant />;
  return (
    <DealsView key={restaurantId} restaurantId={restaurantId} channel={channel} title="Deals" onAddToCart={addToCart} />
  );
}

/** The home page's categories, best-selling, fresh additions and menu (the hero's #menu). */
export function HomeMenuSections() {
  const restaurantId = useRestaurantId();
  const { menu, general, categories } = defaultTheme;
  return (
    <div id="menu" className="scroll-mt-16">
      {restaurantId === null ? (
        <section className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-12">
          <h2 className="font-extrabold text-3xl">{menu.title}</h2>
          <p className="text-stone-700">Choose a restaurant to see its menu.</p>
        </section>
      ) : (
        <>
          <HomeCatalogue
            restaurantId={restaurantId}
            channel="online"
            categories={categories}
            showBestSelling={general.showBestSellingSection}
            showFreshAdditions={general.showFreshAdditionsSection}
            showProductUnit={general.showProductUnit}
            onAddToCart={addToCart}
          />
          <MenuView
            restaurantId={restaurantId}
            channel="online"
            title={menu.title}
            subtitle={menu.subtitle}
            categoryLayout={menu.categoryLayout}
            showOutOfStockProducts={menu.showOutOfStockProducts}
            showProductUnit={general.showProductUnit}
            onAddToCart={addToCart}
            headingLevel={2}
          />
        </>
      )}
    </div>
  );
}
