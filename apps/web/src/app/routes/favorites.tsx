import { FavoritesPage } from '@/features/wishlist/components/favorites-page';
import { useCartAdd } from '../catalogue-routes';

/** /favorites: the signed-in user's wishlist; add-to-cart goes through the menu's own cart call. */
export function Component() {
  const addToCart = useCartAdd();
  return (
    <FavoritesPage
      onAddToCart={(item) =>
        addToCart({
          restaurant_id: item.restaurant_id,
          restaurant_product_id: item.restaurant_product_id,
          product_id: item.product_id,
          quantity: 1,
          is_half_and_half: false,
          notes: '',
          modifiers: [],
          configurations: [],
        })
      }
    />
  );
}
