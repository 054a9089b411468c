import type { MenuProduct } from '@orderfront/core';
import { createContext, type ReactNode } from 'react';

/**
 * An optional slot on every menu product card, filled by whoever composes the menu (src/app), e.g.
 * the wishlist heart: the menu feature does not know the features that plug in here.
 */
export type ProductCardAction = (product: MenuProduct) => ReactNode;

export const ProductCardActionContext = createContext<ProductCardAction | null>(null);

export function ProductCardActionProvider({ action, children }: { action: ProductCardAction; children: ReactNode }) {
  return <ProductCardActionContext value={action}>{children}</ProductCardActionContext>;
}
