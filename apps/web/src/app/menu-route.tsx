import type { MenuChannel } from '@orderfront/core';
import type { ReactNode } from 'react';
import { MenuView } from '@/features/menu/components/menu-view';
import { type ProductCardAction, ProductCardActionProvider } from '@/features/menu/components/product-card-slot';
import { useConfigStore } from '@/features/settings/stores/config-store';
import { WishlistHeart, WishlistHearts } from '@/features/wishlist/components/wishlist-heart';
import { NoRestaurant, useCartAdd, useRestaurantId } from './catalogue-routes';

/** The wishlist heart on every menu product card (spec §5: the wishlist needs a signed-in user). */
export const wishlistHeart: ProductCardAction = (product) => (
  <WishlistHeart name={product.products.name} productId={product.product_id} restaurantProductId={product.id} />
);

export function MenuRoute({ channel, title, notice }: { channel: MenuChannel; title?: string; notice?: ReactNode }) {
  const restaurantId = useRestaurantId();
  const addToCart = useCartAdd();
  const { menu, general } = useConfigStore((s) => s.theme);
  if (restaurantId === null) return <NoRestaurant />;
  return (
    <WishlistHearts>
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
    </WishlistHearts>
  );
}
