import { type RefObject, useEffect, useRef } from 'react';
import { useMenu } from '@/features/menu/api/get-menu';
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
  const arrived = useMenu(restaurantId, 'online').data !== undefined;
  useLandOnMenu(menuRef, arrived);
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

// What a visitor does to move the page themselves; a tap (pointerdown) is not one, it may be the link.
const intents = ['wheel', 'touchmove', 'keydown'] as const;

/**
 * The hero's "Order Now" (#menu) can be followed before these sections or their menu arrive. The
 * browser then scrolled, smoothly (so content settling can cut it short), towards the server's or the
 * loading placeholder, or stopped short on a page not yet tall enough. So land on #menu again, at
 * once, when they mount, when the menu arrives and when a scroll ends short of it (a busy device
 * settles the page while the smooth scroll runs), unless the visitor has moved the page since.
 */
function useLandOnMenu(menuRef: RefObject<HTMLDivElement | null>, arrived: boolean) {
  const moved = useRef(false);
  useEffect(() => {
    const move = () => {
      moved.current = true;
    };
    // A press on the document itself is on its scrollbar: the visitor drags the page.
    const grab = (event: PointerEvent) => {
      if (event.target === document.documentElement) moved.current = true;
    };
    const follow = () => {
      moved.current = false;
    };
    const settle = () => {
      const menu = menuRef.current;
      if (!menu || window.location.hash !== '#menu' || moved.current) return;
      const off = menu.getBoundingClientRect().top - Number.parseFloat(getComputedStyle(menu).scrollMarginTop || '0');
      if (Math.abs(off) > 1) menu.scrollIntoView({ behavior: 'instant' });
    };
    for (const intent of intents) window.addEventListener(intent, move, { passive: true });
    window.addEventListener('pointerdown', grab, { passive: true });
    window.addEventListener('hashchange', follow);
    window.addEventListener('scrollend', settle);
    return () => {
      for (const intent of intents) window.removeEventListener(intent, move);
      window.removeEventListener('pointerdown', grab);
      window.removeEventListener('hashchange', follow);
      window.removeEventListener('scrollend', settle);
    };
  }, [menuRef]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the menu arrives and the sections take their height.
  useEffect(() => {
    if (window.location.hash === '#menu' && !moved.current) menuRef.current?.scrollIntoView({ behavior: 'instant' });
  }, [menuRef, arrived]);
}
