import type { WishlistItem } from '@orderfront/core';
import { api } from '@/lib/api-client';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { toast } from '@/lib/toast';
import { useWishlistAction } from '../lib/wishlist-action';

export function addToWishlist(input: { product_id: number; restaurant_product_id: number; user_id: number }) {
  return api<WishlistItem>('/add-to-wishlist', { method: 'POST', body: input });
}

export function useAddToWishlist() {
  const action = useWishlistAction(addToWishlist, 'Added to wishlist', 'Failed to add item to wishlist.');
  return {
    ...action,
    /** 'Please log in' instead of a call when signed out. */
    add(item: { product_id: number; restaurant_product_id: number }) {
      const state = useAuthStore.getState();
      if (!selectIsLoggedIn(state) || !state.user) {
        toast.error('Please log in');
        return;
      }
      action.mutate({ ...item, user_id: state.user.id });
    },
  };
}
