import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { toastWishlistError } from './wishlist-toasts';

/**
 * A wishlist change: the call, then its toast and a fresh wishlist, or spec §8's failure toast.
 * Pending until the wishlist is fresh. Not a useMutation: the hearts on every menu card would
 * bring TanStack's mutation observer onto the menu's first route (decision 049).
 */
export function useWishlistAction<T>(request: (input: T) => Promise<unknown>, done: string, failure: string) {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  return {
    isPending,
    mutate(input: T) {
      setPending(true);
      void request(input)
        .then(
          () => {
            toast.success(done);
            return queryClient.invalidateQueries({ queryKey: ['wishlist'] });
          },
          (error: unknown) => toastWishlistError(error, failure),
        )
        .finally(() => setPending(false));
    },
  };
}
