import { useEffect, useRef } from 'react';
import { HomeCatalogue } from '@/features/menu/components/home-catalogue';
import { MenuView } from '@/features/menu/components/menu-view';
import { ProductCardActionProvider } from '@/features/menu/components/product-card-slot';
import { useConfigStore } from '@/features/settings/stores/config-store';
import { WishlistHearts } from '@/features/wishlist/components/wishlist-heart';
import { useCartAdd } from './catalogue-routes';
import { wishlistHeart } from './menu-route';

/** The home page's categories, best-selling, fresh additions and menu (the hero's #menu) of the chosen restaurant. */
export function HomeMenuSections({ restaurantId }: { restaurantId: number }) {
  const { menu, general, categories } = useConfigStore((s) => s.theme);
  const addToCart = useCartAdd();
  const menuRef = useRef<HTMLDivElement>(null);
  // The hero's "Order Now" (#menu) can be followed before these sections arrive: the browser then
  // scrolled to the server's or the loading placeholder, which these replace, so scroll again.
  useEffect(() => {
    if (window.location.hash === '#menu') menuRef.current?.scrollIntoView();
  }, []);
  return (
    <WishlistHearts>
      <ProductCardActionProvider action={wishlistHeart}>
        <div id="menu" ref={menuRef} className="scroll-mt-16">
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
    </WishlistHearts>
  );
}
