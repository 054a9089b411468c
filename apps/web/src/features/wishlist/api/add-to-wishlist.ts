import type { WishlistItem } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { toast } from '@/lib/toast';
import { toastWishlistError } from '../lib/wishlist-toasts';

export function addToWishlist(input: { product_id: number; restaurant_product_id: number; user_id: number }) {
  return api<WishlistItem>('/add-to-wishlist', { method: 'POST', body: input });
}

export function useAddToWishlist() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: addToWishlist,
    onSuccess: () => {
      toast.success('Added to wishlist');
      return queryClient.invalidateQueries({ queryKey: ['wishlist'] });
    },
    onError: (error) => toastWishlistError(error, 'Failed to add item to wishlist.'),
  });
  return {
    ...mutation,
    /** 'Please log in' instead of a call when signed out. */
    add(item: { product_id: number; restaurant_product_id: number }) {
      const state = useAuthStore.getState();
      if (!selectIsLoggedIn(state) || !state.user) {
        toast.error('Please log in');
        return;
      }
      mutation.mutate({ ...item, user_id: state.user.id });
    },
  };
}
