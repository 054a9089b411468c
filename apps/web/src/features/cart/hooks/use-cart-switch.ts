import type { Cart } from '@orderfront/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { clearCart } from '../api/clear-cart';
import { cartQueryKey, refetchCarts, useCartParams } from '../api/get-cart';

/** What the restaurant switch needs of the cart (registered from the app layer). */
export function useCartSwitchHooks() {
  const queryClient = useQueryClient();
  const { userId, guestId, couponCode, cashOnDelivery, dineIn } = useCartParams();
  return useMemo(() => {
    const key = cartQueryKey({ userId, guestId, couponCode, cashOnDelivery, dineIn });
    return {
      hasItems: () => (queryClient.getQueryData<Cart>(key)?.items.length ?? 0) > 0,
      clear: async () => {
        await clearCart(userId !== null ? { user_id: userId } : { guest_id: guestId ?? undefined });
        await refetchCarts(queryClient);
      },
    };
  }, [queryClient, userId, guestId, couponCode, cashOnDelivery, dineIn]);
}
