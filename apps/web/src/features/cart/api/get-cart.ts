import type { Cart } from '@orderfront/core';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type AuthState, useAuthStore } from '@/lib/auth-store';
import { useDineInPage } from '../components/dine-in-page';
import { useCartStore } from '../stores/cart-store';

export interface CartParams {
  userId: number | null;
  guestId: number | null;
  couponCode: string | null;
  cashOnDelivery: boolean;
  dineIn: boolean;
}

/**
 * GET /v2/cart: user_id or guest_id; optional coupon_code; is_cash_on_delivery_opt=1; dine_in=true.
 * `token` is the bearer of the identity named in `params` (see cartToken), not whatever is current.
 */
export function getCart(params: CartParams, token: string, signal?: AbortSignal): Promise<Cart> {
  const query: Record<string, string | number> = {};
  if (params.userId !== null) query.user_id = params.userId;
  else if (params.guestId !== null) query.guest_id = params.guestId;
  if (params.couponCode) query.coupon_code = params.couponCode;
  if (params.cashOnDelivery) query.is_cash_on_delivery_opt = 1;
  if (params.dineIn) query.dine_in = 'true';
  return api<Cart>('/v2/cart', { query, signal, token });
}

/** Whose cart the auth store names now: the signed-in user, else the guest, else nobody. */
function currentIdentity(state: AuthState): { userId: number | null; guestId: number | null } {
  const userId = state.token && state.user ? state.user.id : null;
  const guestId = userId === null && state.guestToken && state.guestUser ? state.guestUser.guestId : null;
  return { userId, guestId };
}

/**
 * The token to fetch the cart of `params`' identity with, or null when that identity is no longer
 * the current one. Signing in clears the guest and refetches before the page re-renders onto the
 * user's key: the guest-keyed fetch must not go out then with the user's token (the server answers
 * 403), nor with the guest's (the server has ended that guest).
 */
export function cartToken(params: CartParams): string | null {
  const state = useAuthStore.getState();
  const current = currentIdentity(state);
  if (params.userId !== null) return current.userId === params.userId ? state.token : null;
  if (params.guestId !== null) return current.guestId === params.guestId ? state.guestToken : null;
  return null;
}

/** Spec §4: the key depends on user, guest, coupon, cash-on-delivery flag and dine-in; §9: gcTime 0. */
export function cartQueryKey(params: CartParams) {
  return ['cart', params.userId, params.guestId, params.couponCode, params.cashOnDelivery, params.dineIn] as const;
}

export function cartQueryOptions(params: CartParams) {
  return queryOptions({
    queryKey: cartQueryKey(params),
    queryFn: ({ signal }) => {
      // Read when the fetch (or a retry) starts: the identity may have changed since the render.
      const token = cartToken(params);
      if (token === null) throw new Error('This cart belongs to an identity that is no longer current.');
      return getCart(params, token, signal);
    },
    // Spec §5: no fetch without a user or guest id; nor for a key whose identity was replaced
    // (an invalidation right after signing in or out would otherwise refetch the old key).
    enabled: () => cartToken(params) !== null,
    gcTime: 0,
    // The server prices the cart; after a write it is refetched, never served stale.
    staleTime: 0,
  });
}

/** The current caller's cart parameters, from the auth and cart stores. */
export function useCartParams(): CartParams {
  const userId = useAuthStore((s) => currentIdentity(s).userId);
  const guestId = useAuthStore((s) => currentIdentity(s).guestId);
  const couponCode = useCartStore((s) => s.couponCode);
  const cashOnDelivery = useCartStore((s) => s.cashOnDelivery);
  // Dine-in prices in dine-in mode (the checkout's method) and on the dine-in pages.
  const dineInMode = useCartStore((s) => s.dineIn);
  const dineInPage = useDineInPage();
  return {
    userId,
    guestId,
    couponCode,
    cashOnDelivery,
    dineIn: dineInMode || dineInPage,
  };
}

export function useCart() {
  return useQuery(cartQueryOptions(useCartParams()));
}

/**
 * Refetches every cached cart after a write has settled. A cart's first fetch may still be in
 * flight then (the guest was made by this very add, so its key is new) and may have been answered
 * before the write landed. Invalidating alone would join that fetch rather than start a new one (a
 * query without data is not refetched over its own first fetch), so it is cancelled first.
 */
export async function refetchCarts(queryClient: QueryClient) {
  await queryClient.cancelQueries({ queryKey: ['cart'] });
  await queryClient.invalidateQueries({ queryKey: ['cart'] });
}
