import { responsiveImage, type WishlistItem } from '@orderfront/core';
import { Link } from '@/components/ui/link';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { formatMoney } from '@/lib/money';
import { useEmptyWishlist } from '../api/empty-wishlist';
import { useWishlist } from '../api/get-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';
import { Heart } from './wishlist-heart';

const buttonClass =
  'rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60';

/** /favorites: the wishlist with add-to-cart (the cart is composed in by the route). */
export function FavoritesPage({ onAddToCart }: { onAddToCart(item: WishlistItem): void }) {
  const isLoggedIn = useAuthStore(selectIsLoggedIn);
  const { data: items, isPending, isError } = useWishlist();
  const remove = useRemoveFromWishlist();
  const empty = useEmptyWishlist();

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-bold text-3xl text-stone-900">Favorites</h1>
        {isLoggedIn && items && items.length > 0 && (
          <button type="button" className={buttonClass} disabled={empty.isPending} onClick={empty.clear}>
            Clear all
          </button>
        )}
      </div>
      {!isLoggedIn ? (
        <p className="text-stone-700">
          <Link to="/login" state={{ from: '/favorites' }} className="font-medium text-primary underline">
            Log in
          </Link>{' '}
          to see and keep your favorites.
        </p>
      ) : isPending ? (
        <p className="text-stone-600">Loading your favorites…</p>
      ) : isError ? (
        <p role="alert" className="text-red-700">
          Could not load your favorites.
        </p>
      ) : items.length === 0 ? (
        <p role="status" className="flex items-center gap-2 text-stone-700">
          <Heart aria-hidden="true" className="size-5 text-primary" />
          No favorites yet. Tap the heart on a dish in the menu to keep it here.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item.id}>
              <article
                aria-label={item.products.name}
                className="flex gap-3 rounded-xl border border-stone-200 bg-white p-3"
              >
                <img
                  src={item.attachments[0]?.upload_path ?? '/images/menu/placeholder.svg'}
                  srcSet={responsiveImage(item.attachments[0]?.upload_path ?? '').srcSet}
                  sizes="6rem"
                  alt=""
                  width={96}
                  height={96}
                  loading="lazy"
                  decoding="async"
                  className="size-24 shrink-0 rounded-lg object-cover"
                  onError={(event) => {
                    event.currentTarget.removeAttribute('srcset');
                    event.currentTarget.src = '/images/menu/placeholder.svg';
                  }}
                />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <h2 className="font-semibold text-lg leading-tight">{item.products.name}</h2>
                  <p className="line-clamp-2 text-sm text-stone-600">{item.products.description}</p>
                  <p className="font-semibold">{formatMoney(item.restaurant_products.online_price)}</p>
                  <div className="mt-auto flex flex-wrap gap-2 pt-1">
                    <button
                      type="button"
                      onClick={() => onAddToCart(item)}
                      aria-label={`Add to cart: ${item.products.name}`}
                      className="rounded-full bg-primary px-4 py-1.5 font-semibold text-sm text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                    >
                      Add to cart
                    </button>
                    <button
                      type="button"
                      className="rounded-full px-3 py-1.5 font-medium text-sm text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(item.id)}
                      aria-label={`Remove ${item.products.name}`}
                    >
                      Remove
                    </button>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
