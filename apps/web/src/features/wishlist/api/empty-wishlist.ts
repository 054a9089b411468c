import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { toast } from '@/lib/toast';
import { toastWishlistError } from '../lib/wishlist-toasts';

export function emptyWishlist() {
  return api<null>('/empty-wishlist');
}

export function useEmptyWishlist() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: emptyWishlist,
    onSuccess: () => {
      toast.success('Wishlist cleared');
      return queryClient.invalidateQueries({ queryKey: ['wishlist'] });
    },
    onError: (error) => toastWishlistError(error, 'Failed to clear wishlist.'),
  });
  return {
    ...mutation,
    clear() {
      if (!selectIsLoggedIn(useAuthStore.getState())) {
        toast.error('Please log in');
        return;
      }
      mutation.mutate();
    },
  };
}
