import type { WishlistItem } from '@orderfront/core';
import { createContext, type ReactNode, use } from 'react';
import { icon } from '@/components/ui/icon';
import { useAddToWishlist } from '../api/add-to-wishlist';
import { useWishlist } from '../api/get-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';

export const Heart = icon([
  [
    'path',
    {
      d: 'M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5',
    },
  ],
]);

const SavedItems = createContext<WishlistItem[] | undefined>(undefined);

/**
 * The wishlist for every heart inside, read once (decision 052): a query observer per card made the
 * menu's hydration and its first effects several times longer.
 */
export function WishlistHearts({ children }: { children: ReactNode }) {
  const { data } = useWishlist();
  return <SavedItems value={data}>{children}</SavedItems>;
}

/** The heart on a menu card (inside `WishlistHearts`): toggles the restaurant product in the signed-in user's wishlist. */
export function WishlistHeart({
  name,
  productId,
  restaurantProductId,
}: {
  name: string;
  productId: number;
  restaurantProductId: number;
}) {
  const items = use(SavedItems);
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  const saved = items?.find((item) => item.restaurant_product_id === restaurantProductId);
  const busy = add.isPending || remove.isPending;
  return (
    <button
      type="button"
      aria-pressed={Boolean(saved)}
      aria-label={`Favourite ${name}`}
      title={saved ? 'Remove from wishlist' : 'Add to wishlist'}
      disabled={busy}
      onClick={() =>
        saved ? remove.mutate(saved.id) : add.add({ product_id: productId, restaurant_product_id: restaurantProductId })
      }
      className="-mt-1 -mr-1 grid size-9 shrink-0 place-items-center rounded-full text-primary hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60"
    >
      <Heart aria-hidden="true" className="size-5" fill={saved ? 'currentColor' : 'none'} />
    </button>
  );
}
