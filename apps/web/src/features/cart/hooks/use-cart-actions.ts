import type { Cart, CartItem } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { clearCart } from '../api/clear-cart';
import { cartQueryKey, cartQueryOptions, refetchCarts, useCartParams } from '../api/get-cart';
import { removeCartItem } from '../api/remove-cart-item';
import { updateCartItem } from '../api/update-cart-item';
import { useCartStore } from '../stores/cart-store';

/** Spec §8: cart update and delete failures are logged and rethrown. */
async function logged<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    console.error(`Cart ${what} failed`, error);
    throw error;
  }
}

/** The cart with one line's quantity changed (or the line gone), totals moved by the difference. */
export function withQuantity(cart: Cart, id: number, quantity: number): Cart {
  const line = cart.items.find((i) => i.id === id);
  if (!line) return cart;
  const unit = line.quantity > 0 ? line.item_total / line.quantity : 0;
  const nextTotal = Math.round(unit * quantity);
  const delta = nextTotal - line.item_total;
  const items =
    quantity <= 0
      ? cart.items.filter((i) => i.id !== id)
      : cart.items.map((i) =>
          i.id === id
            ? { ...i, quantity, item_total: nextTotal, discounted_item_total: i.discounted_item_total + delta }
            : i,
        );
  return {
    ...cart,
    items,
    item_count: cart.item_count - line.quantity + Math.max(0, quantity),
    total: Math.max(0, cart.total + (quantity <= 0 ? -line.discounted_item_total : delta)),
  };
}

function useOptimistic() {
  const queryClient = useQueryClient();
  const key = cartQueryKey(useCartParams());
  return {
    key,
    async apply(id: number, quantity: number) {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Cart>(key);
      if (previous) queryClient.setQueryData<Cart>(key, withQuantity(previous, id, quantity));
      return { previous };
    },
    rollback(context: { previous?: Cart | undefined } | undefined) {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    refetch: () => refetchCarts(queryClient),
  };
}

/** Spec §4: removes a line at once, then syncs and refetches; a failure restores it with a toast. */
export function useRemoveCartItem() {
  const optimistic = useOptimistic();
  return useMutation({
    mutationFn: (item: CartItem) => logged('delete', () => removeCartItem(item.id)),
    onMutate: (item) => optimistic.apply(item.id, 0),
    onSuccess: () => {
      toast.success('Removed from cart');
    },
    onError: (_error, _item, context) => {
      optimistic.rollback(context);
      toast.error('Error', { description: 'Failed to remove item from cart.' });
    },
    onSettled: optimistic.refetch,
  });
}

/**
 * Spec §4: a quantity change is applied locally first, then synced and refetched; decreasing at
 * quantity 1 removes the item; failures refetch and show a toast.
 */
export function useChangeQuantity() {
  const optimistic = useOptimistic();
  const remove = useRemoveCartItem();
  const update = useMutation({
    mutationFn: ({ item, quantity }: { item: CartItem; quantity: number }) =>
      logged('update', () => updateCartItem(item.id, quantity)),
    onMutate: ({ item, quantity }) => optimistic.apply(item.id, quantity),
    onError: (_error, _vars, context) => {
      optimistic.rollback(context);
      toast.error('Error', { description: 'Failed to update quantity.' });
    },
    onSettled: optimistic.refetch,
  });
  return useCallback(
    (item: CartItem, quantity: number) => {
      if (quantity < 1) remove.mutate(item);
      else update.mutate({ item, quantity: Math.min(99, quantity) });
    },
    [remove, update],
  );
}

export function useClearCart() {
  const queryClient = useQueryClient();
  const params = useCartParams();
  return useMutation({
    mutationFn: () =>
      logged('clear', () =>
        clearCart(params.userId !== null ? { user_id: params.userId } : { guest_id: params.guestId ?? undefined }),
      ),
    onSuccess: () => {
      toast.success('Cart cleared', { description: 'All items have been removed from your cart.' });
    },
    onSettled: () => refetchCarts(queryClient),
  });
}

/**
 * Spec §4: applying a coupon fetches the cart with the code and keeps it for later fetches; a 400
 * throws the response's error text or 'Invalid coupon code'. Removing refetches without it.
 */
export function useCoupon() {
  const queryClient = useQueryClient();
  const params = useCartParams();
  const setCouponCode = useCartStore((s) => s.setCouponCode);
  return {
    async apply(code: string) {
      const trimmed = code.trim();
      try {
        await queryClient.fetchQuery(cartQueryOptions({ ...params, couponCode: trimmed }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          throw new Error(error.message || 'Invalid coupon code');
        }
        throw error;
      }
      setCouponCode(trimmed);
    },
    remove() {
      setCouponCode(null);
    },
  };
}

/** Removes a line the published menu no longer offers (listed apart from the priced items). */
export function useRemoveUnavailable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => logged('delete', () => removeCartItem(id)),
    onSuccess: () => toast.success('Removed from cart'),
    onError: () => toast.error('Error', { description: 'Failed to remove item from cart.' }),
    onSettled: () => refetchCarts(client),
  });
}
