import { orderAccessHeader } from '@orderfront/core';

/**
 * A guest's order access credentials (decision 026), kept for this tab only: what the order answer
 * or the mailed link's exchange gave, sent in a header so no token ever sits in an address.
 */
const keyOf = (orderId: number) => `orderAccess:${orderId}`;

export function saveOrderAccess(orderId: number, access: string): void {
  try {
    globalThis.sessionStorage?.setItem(keyOf(orderId), access);
  } catch (error) {
    console.warn('Could not keep the order access credential', error);
  }
}

export function orderAccessOf(orderId: number): string | null {
  try {
    return globalThis.sessionStorage?.getItem(keyOf(orderId)) ?? null;
  } catch {
    return null;
  }
}

/** The header that opens the order to this tab, if it holds a credential for it. */
export function orderAccessHeaders(orderId: number): Record<string, string> {
  const access = orderAccessOf(orderId);
  return access ? { [orderAccessHeader]: access } : {};
}
