/** Storage keys of spec §9. Reading and writing never throw: a blocked storage is logged and ignored. */
export const storageKeys = {
  token: 'token',
  guestToken: 'guestToken',
  user: 'user',
  guestUser: 'guestUser',
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

/** Stores `value`, or removes the key when it is null. */
export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch (error) {
    console.warn(`Could not write "${key}" to local storage`, error);
  }
}
