import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { entry } from '../testing/entries';
import { registerCartOnSwitch, setAutoClearSettingSource, useRestaurantStore } from './restaurant-store';

const hour = 3_600_000;
const start = new Date('2026-11-23T02:00:00Z');
const surryHills = entry(1, 'Surry Hills');
const parramatta = entry(2, 'Parramatta');
const store = () => useRestaurantStore.getState();
const storedExpiry = () => localStorage.getItem(storageKeys.restaurantExpiry);

describe('restaurant store', () => {
  let restoreSetting: () => void = () => {};

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    useRestaurantStore.setState({ selectedRestaurant: null });
  });
  afterEach(() => {
    restoreSetting();
    restoreSetting = () => {};
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('starts unset, and persists the selection under restaurantStore', () => {
    expect(store().selectedRestaurant).toBeNull();
    store().selectRestaurant(surryHills);
    expect(store().selectedRestaurant?.restaurant.id).toBe(1);
    const persisted = JSON.parse(localStorage.getItem(storageKeys.restaurantStore) ?? 'null');
    expect(persisted.state).toEqual({ selectedRestaurant: surryHills });
  });

  it('with the default theme (auto-clear off) stores no expiry and removes a stale one', () => {
    localStorage.setItem(storageKeys.restaurantExpiry, String(start.getTime() + hour));
    store().selectRestaurant(surryHills);
    expect(storedExpiry()).toBeNull();
  });

  it('with auto-clear on for 2 h stores now + 2 h, and the check clears the selection at that time', () => {
    restoreSetting = setAutoClearSettingSource(() => ({ enabled: true, intervalHours: 2 }));
    store().selectRestaurant(surryHills);
    expect(storedExpiry()).toBe(String(start.getTime() + 2 * hour));

    vi.setSystemTime(start.getTime() + 2 * hour - 1);
    expect(store().checkExpiry()).toBe(false);
    expect(store().selectedRestaurant).not.toBeNull();

    vi.setSystemTime(start.getTime() + 2 * hour);
    expect(store().checkExpiry()).toBe(true);
    expect(store().selectedRestaurant).toBeNull();
    expect(storedExpiry()).toBeNull();
    expect(JSON.parse(localStorage.getItem(storageKeys.restaurantStore) ?? 'null').state.selectedRestaurant).toBeNull();
  });

  it('with an invalid setting (169 h) removes the expiry instead of storing one', () => {
    restoreSetting = setAutoClearSettingSource(() => ({ enabled: true, intervalHours: 169 }));
    localStorage.setItem(storageKeys.restaurantExpiry, '123');
    store().selectRestaurant(surryHills);
    expect(storedExpiry()).toBeNull();
  });

  it('clears by hand: the selection and the stored expiry', () => {
    restoreSetting = setAutoClearSettingSource(() => ({ enabled: true, intervalHours: 24 }));
    store().selectRestaurant(surryHills);
    store().clearRestaurant();
    expect(store().selectedRestaurant).toBeNull();
    expect(storedExpiry()).toBeNull();
  });

  it('keeps working, with warnings, when local storage throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    restoreSetting = setAutoClearSettingSource(() => ({ enabled: true, intervalHours: 1 }));
    store().selectRestaurant(surryHills);
    expect(store().selectedRestaurant?.restaurant.id).toBe(1);
    expect(store().checkExpiry()).toBe(false);
    expect(warn).toHaveBeenCalled();
  });

  it('takes back a persisted selection on rehydration, and ignores one that is not an entry', async () => {
    localStorage.setItem(
      storageKeys.restaurantStore,
      JSON.stringify({ state: { selectedRestaurant: surryHills }, version: 0 }),
    );
    await useRestaurantStore.persist.rehydrate();
    expect(store().selectedRestaurant).toEqual(surryHills);

    for (const junk of [{ restaurant: { name: 'no id' } }, 'Surry Hills', 42, { restaurant: null }]) {
      localStorage.setItem(
        storageKeys.restaurantStore,
        JSON.stringify({ state: { selectedRestaurant: junk }, version: 0 }),
      );
      await useRestaurantStore.persist.rehydrate();
      expect(store().selectedRestaurant).toBeNull();
    }
    localStorage.setItem(storageKeys.restaurantStore, '{not json');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await useRestaurantStore.persist.rehydrate();
    expect(store().selectedRestaurant).toBeNull();
  });

  describe('after the list is refreshed', () => {
    it('replaces the selection by the entry with the same id', () => {
      store().selectRestaurant(surryHills);
      const renamed = entry(1, 'Surry Hills (new fit-out)', { is_open_now: false });
      store().syncWithList([parramatta, renamed]);
      expect(store().selectedRestaurant).toEqual(renamed);
    });

    it('unsets it when the id is no longer listed', () => {
      store().selectRestaurant(surryHills);
      store().syncWithList([parramatta]);
      expect(store().selectedRestaurant).toBeNull();
    });

    it('leaves an unset selection unset', () => {
      store().syncWithList([parramatta]);
      expect(store().selectedRestaurant).toBeNull();
    });
  });

  describe('switching in the optional dialog clears the cart', () => {
    let unregister: () => void = () => {};
    afterEach(() => unregister());

    function cart(hasItems: boolean) {
      const hooks = { hasItems: vi.fn(() => hasItems), clear: vi.fn() };
      unregister = registerCartOnSwitch(hooks);
      return hooks;
    }

    it('when the restaurant changes and the cart has items', () => {
      const hooks = cart(true);
      store().selectRestaurant(surryHills);
      store().switchRestaurant(parramatta);
      expect(hooks.clear).toHaveBeenCalledOnce();
      expect(store().selectedRestaurant?.restaurant.id).toBe(2);
    });

    it('not when the same restaurant is confirmed again', () => {
      const hooks = cart(true);
      store().selectRestaurant(surryHills);
      store().switchRestaurant(entry(1, 'Surry Hills'));
      expect(hooks.clear).not.toHaveBeenCalled();
    });

    it('not when the cart is empty', () => {
      const hooks = cart(false);
      store().selectRestaurant(surryHills);
      store().switchRestaurant(parramatta);
      expect(hooks.clear).not.toHaveBeenCalled();
      expect(store().selectedRestaurant?.restaurant.id).toBe(2);
    });

    it('not when there was no restaurant before', () => {
      const hooks = cart(true);
      store().switchRestaurant(parramatta);
      expect(hooks.clear).not.toHaveBeenCalled();
    });

    it('not by a plain selection (the mandatory dialog, auto-selection)', () => {
      const hooks = cart(true);
      store().selectRestaurant(surryHills);
      store().selectRestaurant(parramatta);
      expect(hooks.clear).not.toHaveBeenCalled();
    });

    it('silently: a failing clear is logged and the switch still happens', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      unregister = registerCartOnSwitch({ hasItems: () => true, clear: () => Promise.reject(new Error('offline')) });
      store().selectRestaurant(surryHills);
      store().switchRestaurant(parramatta);
      expect(store().selectedRestaurant?.restaurant.id).toBe(2);
      await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('cart'), expect.any(Error)));
    });

    it('stops calling a cart once it unregisters', () => {
      const hooks = cart(true);
      unregister();
      store().selectRestaurant(surryHills);
      store().switchRestaurant(parramatta);
      expect(hooks.clear).not.toHaveBeenCalled();
    });
  });
});
