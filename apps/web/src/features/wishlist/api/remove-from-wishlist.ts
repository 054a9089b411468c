import { api } from '@/lib/api-client';
import { useWishlistAction } from '../lib/wishlist-action';

export function removeFromWishlist(id: number) {
  return api<null>(`/wishlist/${id}`, { method: 'DELETE' });
}

export function useRemoveFromWishlist() {
  return useWishlistAction(removeFromWishlist, 'Removed from wishlist', 'Failed to remove item from wishlist.');
}
