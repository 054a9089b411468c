import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { useDineInPage } from '../components/dine-in-page';
import { useCartStore } from '../stores/cart-store';
import type { Cart } from '../types';

export interface CartParams {
  userId: number | null;
  guestId: number | null;
  couponCode: string | null;
  cashOnDelivery: boolean;
  dineIn: boolean;
}

/** GET /v2/cart: user_id or guest_id; optional coupon_code; is_cash_on_delivery_opt=1; dine_in=true. */
export function getCart(params: CartParams, signal?: AbortSignal): Promise<Cart> {
  const query: Record<string, string | number> = {};
  if (params.userId !== null) query.user_id = params.userId;
  else if (params.guestId !== null) query.guest_id = params.guestId;
  if (params.couponCode) query.coupon_code = params.couponCode;
  if (params.cashOnDelivery) query.is_cash_on_delivery_opt = 1;
  if (params.dineIn) query.dine_in = 'true';
  return api<Cart>('/v2/cart', { query, signal });
}

/** Spec §4: the key depends on user, guest, coupon, cash-on-delivery flag and dine-in; §9: gcTime 0. */
export function cartQueryKey(params: CartParams) {
  return ['cart', params.userId, params.guestId, params.couponCode, params.cashOnDelivery, params.dineIn] as const;
}

export function cartQueryOptions(params: CartParams) {
  return queryOptions({
    queryKey: cartQueryKey(params),
    queryFn: ({ signal }) => getCart(params, signal),
    // Spec §5: no fetch without a user or guest id.
    enabled: params.userId !== null || params.guestId !== null,
    gcTime: 0,
    // The server prices the cart; after a write it is refetched, never served stale.
    staleTime: 0,
  });
}

/** The current caller's cart parameters, from the auth and cart stores. */
export function useCartParams(): CartParams {
  const userId = useAuthStore((s) => (s.token && s.user ? s.user.id : null));
  const guestId = useAuthStore((s) => (s.guestToken && s.guestUser ? s.guestUser.guestId : null));
  const couponCode = useCartStore((s) => s.couponCode);
  const cashOnDelivery = useCartStore((s) => s.cashOnDelivery);
  // Dine-in prices in dine-in mode (the checkout's method) and on the dine-in pages.
  const dineInMode = useCartStore((s) => s.dineIn);
  const dineInPage = useDineInPage();
  return {
    userId,
    guestId: userId === null ? guestId : null,
    couponCode,
    cashOnDelivery,
    dineIn: dineInMode || dineInPage,
  };
}

export function useCart() {
  return useQuery(cartQueryOptions(useCartParams()));
}
