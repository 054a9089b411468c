import { createContext, type ReactNode, useContext } from 'react';

const DineInPage = createContext(false);

/**
 * Marks the pages of dine-in ordering (set by the app layout): there the cart is fetched with
 * dine_in=true, priced at the restaurant's prices like the dine-in menu beside it.
 */
export function DineInPageProvider({ value, children }: { value: boolean; children: ReactNode }) {
  return <DineInPage value={value}>{children}</DineInPage>;
}

export function useDineInPage(): boolean {
  return useContext(DineInPage);
}
