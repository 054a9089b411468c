import type { AddToCartPayload } from '@orderfront/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { runtimeConfig } from '@/config/runtime';
import { ApiError } from '@/lib/api-client';
import { ensureGuest, useAuthStore } from '@/lib/auth-store';
import { toast } from '@/lib/toast';
import { addToCart } from '../api/add-to-cart';
import { refetchCarts } from '../api/get-cart';

// Apart from the cart's other actions (use-cart-actions): the menu pages need only this one, and
// not the mutation hooks behind the others (decision 049).

const addFailedTitle = 'Failed to add item';
const addFailedText = 'There was an error adding this item to your cart.';

/**
 * What the menu's dialogs call with the spec §7 POST /v2/cart body: makes a guest identity first
 * when nobody is signed in (spec §5: adding needs a user or guest id), adds, and refetches the cart.
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useCallback(
    async (payload: AddToCartPayload) => {
      let ids: { user_id?: number; guest_id?: number };
      try {
        const guest = await ensureGuest(runtimeConfig.tenantId);
        const { user, token } = useAuthStore.getState();
        ids = token && user ? { user_id: user.id } : guest ? { guest_id: guest.guestId } : {};
      } catch {
        ids = {};
      }
      if (ids.user_id === undefined && ids.guest_id === undefined) {
        toast.error('Unable to add item to cart.');
        return;
      }
      try {
        await addToCart({ ...payload, ...ids });
      } catch (error) {
        // Spec §8's words always; a refusal the customer can act on (another restaurant's cart,
        // ordering paused) adds the server's reason as a second line.
        const reason = error instanceof ApiError && (error.status === 409 || error.status === 422) && error.message;
        toast.error(addFailedTitle, { description: reason ? [addFailedText, reason] : addFailedText });
        return;
      } finally {
        await refetchCarts(queryClient);
      }
    },
    [queryClient],
  );
}
