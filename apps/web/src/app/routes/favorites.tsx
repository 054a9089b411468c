import { useProductPicker } from '@/features/menu/components/product-sheet';
import { FavoritesPage } from '@/features/wishlist/components/favorites-page';
import { useCartAdd } from '../catalogue-routes';

/**
 * /favorites: the signed-in user's wishlist. Add to cart works as on the menu: a dish with choices
 * (a pizza's size) opens the menu's product sheet, one without goes to the cart at once.
 */
export function Component() {
  const addToCart = useCartAdd();
  const picker = useProductPicker({ channel: 'online', onAddToCart: addToCart });
  return (
    <>
      <FavoritesPage
        onAddToCart={(item) =>
          void picker.pick(item.restaurant_id, item.restaurant_product_id, {
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
      {picker.sheet}
    </>
  );
}
