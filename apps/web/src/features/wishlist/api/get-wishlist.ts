import type { WishlistItem } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';

export function getWishlist() {
  return api<WishlistItem[]>('/get-wishlist');
}

export const wishlistQueryOptions = (userId: number | null) =>
  queryOptions({ queryKey: ['wishlist', userId], queryFn: getWishlist, enabled: userId !== null, retry: false });

/** The signed-in user's wishlist; disabled when signed out (spec §5: wishlist actions need login and a token). */
export function useWishlist() {
  const userId = useAuthStore((state) => (selectIsLoggedIn(state) ? (state.user?.id ?? null) : null));
  return useQuery(wishlistQueryOptions(userId));
}
