import type { AddProductPayload, MenuChannel, MenuProduct } from '@orderfront/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { menuQueryOptions, useMenu } from '../api/get-menu';
import { defaultAttributeValues, productCartPayload } from '../lib/selection';
import { LazyProductDialog, productDialog } from './lazy-product-dialog';

/** A size to pick, or a modifier group with a minimum: the customer must choose before it is added. */
export const needsChoices = (product: MenuProduct) =>
  product.attributes.length > 0 || product.modifier_groups.some((group) => group.min_select > 0);

interface Opened {
  restaurantId: number;
  productId: number;
}

function Sheet({
  opened,
  channel,
  onClose,
  onAddToCart,
}: {
  opened: Opened;
  channel: MenuChannel;
  onClose(): void;
  onAddToCart(payload: AddProductPayload): void;
}) {
  const { data } = useMenu(opened.restaurantId, channel);
  const product = data?.products.find((p) => p.id === opened.productId && p.is_available);
  if (!data || !product) return null;
  return (
    <LazyProductDialog
      restaurantId={opened.restaurantId}
      product={product}
      halves={data.products.filter((p) => p.is_half_and_half && p.is_available && p.id !== product.id)}
      onClose={onClose}
      onAddToCart={(payload) => {
        onClose();
        onAddToCart(payload);
      }}
    />
  );
}

/**
 * Adding a product from outside the menu (a favourite): one with choices to make opens the menu's
 * own product sheet; one without is added at once. `sheet` is where the sheet renders.
 */
export function useProductPicker({
  channel,
  onAddToCart,
}: {
  channel: MenuChannel;
  onAddToCart(payload: AddProductPayload): void;
}): { pick(restaurantId: number, productId: number, fallback: AddProductPayload): Promise<void>; sheet: ReactNode } {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<Opened | null>(null);
  productDialog.usePrefetchWhenIdle();

  async function pick(restaurantId: number, productId: number, fallback: AddProductPayload) {
    const menu = await queryClient.fetchQuery(menuQueryOptions(restaurantId, channel)).catch(() => null);
    const product = menu?.products.find((p) => p.id === productId);
    // Not on today's menu (or the menu did not load): the cart call says why it cannot be added.
    if (!product) return onAddToCart(fallback);
    if (product.is_available && needsChoices(product)) {
      void productDialog.load();
      return setOpened({ restaurantId, productId });
    }
    onAddToCart(
      productCartPayload({
        restaurantId,
        product,
        attributeValues: defaultAttributeValues(product),
        picks: new Map(),
        quantity: 1,
        notes: '',
      }),
    );
  }

  const sheet = opened && (
    <Sheet
      key={`${opened.restaurantId}-${opened.productId}`}
      opened={opened}
      channel={channel}
      onClose={() => setOpened(null)}
      onAddToCart={onAddToCart}
    />
  );
  return { pick, sheet };
}
