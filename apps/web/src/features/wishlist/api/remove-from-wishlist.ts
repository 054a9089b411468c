import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { toastWishlistError } from '../lib/wishlist-toasts';

export function removeFromWishlist(id: number) {
  return api<null>(`/wishlist/${id}`, { method: 'DELETE' });
}

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishlist,
    onSuccess: () => {
      toast.success('Removed from wishlist');
      return queryClient.invalidateQueries({ queryKey: ['wishlist'] });
    },
    onError: (error) => toastWishlistError(error, 'Failed to remove item from wishlist.'),
  });
}
