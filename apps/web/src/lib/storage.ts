/** Storage keys of spec §9. Reading never throws: a blocked storage is logged and ignored. */
export const storageKeys = {
  token: 'token',
  guestToken: 'guestToken',
  restaurantStore: 'restaurantStore',
  restaurantExpiry: 'restaurantExpiry',
} as const;

export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch (error) {
    console.warn(`Could not read "${key}" from local storage`, error);
    return null;
  }
}
