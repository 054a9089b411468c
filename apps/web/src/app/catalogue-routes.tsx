import { findRestaurantBySlug, type MenuChannel } from '@orderfront/core';
import type { ReactNode } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { useAddToCart } from '@/features/cart/hooks/use-cart-actions';
import { DealsView } from '@/features/menu/components/deals-view';
import { HomeCatalogue } from '@/features/menu/components/home-catalogue';
import { MenuView } from '@/features/menu/components/menu-view';
import { type ProductCardAction, ProductCardActionProvider } from '@/features/menu/components/product-card-slot';
import { getRestaurants } from '@/features/restaurants/api/get-restaurants';
import { useRestaurantStore } from '@/features/restaurants/stores/restaurant-store';
import { useConfigStore } from '@/features/settings/stores/config-store';
import { WishlistHeart } from '@/features/wishlist/components/wishlist-heart';

/** What the menu routes share: the selected restaurant (the restaurants feature) and the tenant's theme. */
export function useRestaurantId(): number | null {
  return useRestaurantStore((s) => s.selectedRestaurant?.restaurant.id ?? null);
}

/**
 * A shareable menu link (`/menu?restaurant=<slug>`, decision 035) chooses that restaurant before
 * the page renders, as the restaurant dialog would (spec §4: a switch leaves the old cart behind).
 * An unknown slug leaves the choice as it was.
 */
export async function restaurantFromUrlLoader({ request }: LoaderFunctionArgs) {
  const wanted = new URL(request.url).searchParams.get('restaurant');
  if (!wanted) return null;
  const store = useRestaurantStore.getState();
  const list = await getRestaurants(request.signal).catch(() => []);
  const entry = findRestaurantBySlug(list, wanted);
  if (entry && store.selectedRestaurant?.restaurant.id !== entry.restaurant.id) store.switchRestaurant(entry);
  return null;
}

/** The dialogs' spec §7 POST /v2/cart body goes to the cart (a guest identity is made first if needed). */
export function useCartAdd() {
  const add = useAddToCart();
  return (payload: Parameters<typeof add>[0]) => void add(payload);
}

/** The wishlist heart on every menu product card (spec §5: the wishlist needs a signed-in user). */
const wishlistHeart: ProductCardAction = (product) => (
  <WishlistHeart name={product.products.name} productId={product.product_id} restaurantProductId={product.id} />
);

function NoRestaurant() {
  const title = useConfigStore((s) => s.theme.menu.title);
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-16">
      <h1 className="font-extrabold text-3xl">{title}</h1>
      <p className="text-stone-700">Choose a restaurant to see its menu.</p>
    </section>
  );
}

export function MenuRoute({ channel, title, notice }: { channel: MenuChannel; title?: string; notice?: ReactNode }) {
  const restaurantId = useRestaurantId();
  const addToCart = useCartAdd();
  const { menu, general } = useConfigStore((s) => s.theme);
  if (restaurantId === null) return <NoRestaurant />;
  return (
    <ProductCardActionProvider action={wishlistHeart}>
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
    </ProductCardActionProvider>
  );
}

export function DealsRoute({ channel }: { channel: MenuChannel }) {
  const restaurantId = useRestaurantId();
  const addToCart = useCartAdd();
  if (restaurantId === null) return <NoRestaurant />;
  return (
    <DealsView key={restaurantId} restaurantId={restaurantId} channel={channel} title="Deals" onAddToCart={addToCart} />
  );
}

/** The home page's categories, best-selling, fresh additions and menu (the hero's #menu) of the chosen restaurant. */
export function HomeMenuSections({ restaurantId }: { restaurantId: number }) {
  const { menu, general, categories } = useConfigStore((s) => s.theme);
  const addToCart = useCartAdd();
  return (
    <ProductCardActionProvider action={wishlistHeart}>
      <div id="menu" className="scroll-mt-16">
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
      </div>
    </ProductCardActionProvider>
  );
}
