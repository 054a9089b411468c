import { findRestaurantBySlug } from '@orderfront/core';
import type { LoaderFunctionArgs } from 'react-router';
import { useAddToCart } from '@/features/cart/hooks/use-add-to-cart';
import { getRestaurants } from '@/features/restaurants/api/get-restaurants';
import { useRestaurantStore } from '@/features/restaurants/stores/restaurant-store';
import { useConfigStore } from '@/features/settings/stores/config-store';

// What the catalogue routes share. Each page's own view lives in its own module (menu-route,
// deals-route, home-menu-sections), so a route loads only its own view (decision 049).

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

export function NoRestaurant() {
  const title = useConfigStore((s) => s.theme.menu.title);
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-16">
      <h1 className="font-extrabold text-3xl">{title}</h1>
      <p className="text-stone-700">Choose a restaurant to see its menu.</p>
    </section>
  );
}
