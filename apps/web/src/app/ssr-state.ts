import type { RestaurantEntry } from '@orderfront/core';
import type { DehydratedState } from '@tanstack/react-query';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { type CheckoutState, checkoutDefaults, useCheckoutStore } from '@/features/checkout/stores/checkout-store';
import { useRestaurantStore } from '@/features/restaurants/stores/restaurant-store';
import { useConfigStore } from '@/features/settings/stores/config-store';
import { useAuthStore } from '@/lib/auth-store';

/** The global the server-rendered page carries its state in (decision 035). */
export const ssrStateGlobal = '__STOREFRONT_SSR__';

/** What the server knew when it rendered a page: the client hydrates from exactly this. */
export interface SsrState {
  /** The query cache the server rendered with (restaurants, the menu). */
  queries: DehydratedState;
  /** The restaurant the URL chose (`?restaurant=`), or null: the server never sees local storage. */
  restaurant: RestaurantEntry | null;
  /** A table's QR link puts the checkout in dine-in mode for that table before the page renders. */
  checkout: Pick<CheckoutState, 'deliveryMethod' | 'tableId'>;
}

export function readSsrState(): SsrState | null {
  const state = (globalThis as Record<string, unknown>)[ssrStateGlobal] as SsrState | undefined;
  return state && typeof state === 'object' && state.queries ? state : null;
}

interface Store<T> {
  getState(): T;
  getInitialState(): T;
}

/**
 * The state a store renders with while the page hydrates (React's server snapshot, which zustand
 * takes from getInitialState). The server rendered with no local storage and no identity, so the
 * hydrating render must too; the client's own state (a stored restaurant, the signed-in user, a
 * dine-in table) then renders right after, as an ordinary update, never as a hydration mismatch.
 */
function renderFirstAs<T>(store: Store<T>, serverKnown: (state: T) => T) {
  const snapshot = serverKnown(store.getState());
  store.getInitialState = () => snapshot;
}

/** Client side, before hydrateRoot: every client-state store first renders what the server knew. */
export function hydrateFromServerKnownState(state: SsrState): void {
  renderFirstAs(useRestaurantStore, (s) => ({ ...s, selectedRestaurant: state.restaurant }));
  renderFirstAs(useAuthStore, (s) => ({ ...s, user: null, guestUser: null, token: null, guestToken: null }));
  renderFirstAs(useCheckoutStore, (s) => ({ ...s, ...checkoutDefaults, ...state.checkout }));
  renderFirstAs(useCartStore, (s) => ({
    ...s,
    couponCode: null,
    cashOnDelivery: false,
    dineIn: state.checkout.deliveryMethod === 'dine_in',
  }));
  renderFirstAs(useConfigStore, (s) => ({
    ...s,
    webSettings: s.webSettings && { ...s.webSettings, restaurant_id: null, ordering: undefined },
    paymentConfig: null,
    isBannerVisible: true,
    isServerDown: false,
  }));
}

/** Server side: each render's stores are set per request, so a store's server snapshot is its state. */
export function renderStoresAsTheyAre(): void {
  for (const store of [
    useRestaurantStore,
    useAuthStore,
    useCheckoutStore,
    useCartStore,
    useConfigStore,
  ] as Store<unknown>[]) {
    store.getInitialState = store.getState;
  }
}
