/** Storage keys of spec §9. Reading never throws: a blocked storage is logged and ignored. */
export const storageKeys = {
  token: 'token',
  guestToken: 'guestToken',
  /** The config store (theme and webSettings), spec §3. */
  configStore: 'configStore',
  /** The theme alone, also saved (spec §3). */
  appTheme: 'appTheme',
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

/** Writes never throw either (full or blocked storage): the failure is logged and ignored (spec §8). */
export function writeStorage(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch (error) {
    console.warn(`Could not save "${key}" to local storage`, error);
  }
}

export function removeStorage(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch (error) {
    console.warn(`Could not remove "${key}" from local storage`, error);
  }
}

/** Zustand `persist` storage over localStorage that logs and ignores failures. */
export const safeLocalStorage = {
  getItem: readStorage,
  setItem: writeStorage,
  removeItem: removeStorage,
};
