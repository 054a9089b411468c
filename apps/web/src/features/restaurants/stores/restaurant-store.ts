import type { RestaurantEntry } from '@orderfront/core';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { storageKeys } from '@/lib/storage';
import { create } from '@/lib/store';
import { checkExpiry, type ExpiryStorage, removeExpiry, saveExpiry } from '../lib/auto-clear';
import { readAutoClearSetting } from '../lib/read-auto-clear-setting';

/** Spec §3: the selected restaurant is an entry of the list, holding a nested restaurant with an id. */
export type SelectedRestaurant = RestaurantEntry;

interface RestaurantState {
  selectedRestaurant: SelectedRestaurant | null;
  /** Sets the selection and stores (or removes) its expiry per the auto-clear setting. */
  selectRestaurant(entry: SelectedRestaurant): void;
  /**
   * The optional dialog's choice (spec §4): like selectRestaurant, but a switch to a different
   * restaurant first clears a non-empty cart, silently.
   */
  switchRestaurant(entry: SelectedRestaurant): void;
  /** Manual clear: the selection and its expiry. */
  clearRestaurant(): void;
  /** After the list is refreshed: the entry with the same id replaces the selection, or it is unset. */
  syncWithList(entries: readonly RestaurantEntry[]): void;
  /** Spec §4 expiry check against the current time; true when it cleared the selection. */
  checkExpiry(): boolean;
}

/** What the cart offers the restaurant switch; the cart feature registers it from the app layer. */
export interface CartOnSwitch {
  hasItems(): boolean;
  clear(): unknown;
}

let cartOnSwitch: CartOnSwitch | null = null;

/** Registers the cart the optional dialog's switch clears; returns the unregister function. */
export function registerCartOnSwitch(cart: CartOnSwitch): () => void {
  cartOnSwitch = cart;
  return () => {
    if (cartOnSwitch === cart) cartOnSwitch = null;
  };
}

let readSetting: () => unknown = readAutoClearSetting;

/**
 * Replaces where the auto-clear setting is read from (the config store, once it exists; tests).
 * Returns a function that restores the previous source.
 */
export function setAutoClearSettingSource(read: () => unknown): () => void {
  const previous = readSetting;
  readSetting = read;
  return () => {
    readSetting = previous;
  };
}

/** localStorage when it is there and usable; a blocked storage is logged and ignored (spec §8). */
function browserStorage(): ExpiryStorage & StateStorage {
  const call = <T>(what: string, run: (storage: Storage) => T, fallback: T): T => {
    try {
      return globalThis.localStorage ? run(globalThis.localStorage) : fallback;
    } catch (error) {
      console.warn(`Restaurant store: could not ${what} local storage`, error);
      return fallback;
    }
  };
  return {
    getItem: (key) => call('read', (s) => s.getItem(key), null),
    setItem: (key, value) => call('write', (s) => s.setItem(key, value), undefined),
    removeItem: (key) => call('write', (s) => s.removeItem(key), undefined),
  };
}

const storage = browserStorage();

function isEntry(value: unknown): value is SelectedRestaurant {
  const restaurant = (value as { restaurant?: Partial<SelectedRestaurant['restaurant']> } | null)?.restaurant;
  return (
    typeof restaurant?.id === 'number' &&
    typeof restaurant.name === 'string' &&
    typeof restaurant.address === 'object' &&
    restaurant.address !== null &&
    Array.isArray((value as SelectedRestaurant).attachment_paths)
  );
}

export const useRestaurantStore = create<RestaurantState>()(
  persist(
    (set, get) => ({
      selectedRestaurant: null,

      selectRestaurant(entry) {
        set({ selectedRestaurant: entry });
        saveExpiry(storage, storageKeys.restaurantExpiry, readSetting(), Date.now());
      },

      switchRestaurant(entry) {
        const previous = get().selectedRestaurant;
        if (previous && previous.restaurant.id !== entry.restaurant.id && cartOnSwitch?.hasItems()) {
          // Silent (spec §4): a failure is logged, and the switch still happens.
          const warn = (error: unknown) => console.warn('Could not clear the cart on switching restaurant', error);
          try {
            Promise.resolve(cartOnSwitch.clear()).catch(warn);
          } catch (error) {
            warn(error);
          }
        }
        get().selectRestaurant(entry);
      },

      clearRestaurant() {
        set({ selectedRestaurant: null });
        removeExpiry(storage, storageKeys.restaurantExpiry);
      },

      syncWithList(entries) {
        const current = get().selectedRestaurant;
        if (!current) return;
        const fresh = entries.find((entry) => entry.restaurant.id === current.restaurant.id);
        if (fresh) set({ selectedRestaurant: fresh });
        else get().clearRestaurant();
      },

      checkExpiry() {
        return checkExpiry(storage, storageKeys.restaurantExpiry, Date.now(), () => set({ selectedRestaurant: null }));
      },
    }),
    {
      name: storageKeys.restaurantStore,
      storage: createJSONStorage(() => storage),
      partialize: (state) => ({ selectedRestaurant: state.selectedRestaurant }),
      // Whatever is in storage was written by someone: only a plausible entry is taken back.
      merge: (persisted, current) => {
        const selected = (persisted as { selectedRestaurant?: unknown } | null)?.selectedRestaurant;
        return { ...current, selectedRestaurant: isEntry(selected) ? selected : null };
      },
    },
  ),
);
