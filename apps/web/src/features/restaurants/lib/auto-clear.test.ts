import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  autoClearSettingFromGeneral,
  checkExpiry,
  type ExpiryStorage,
  isValidAutoClearSetting,
  removeExpiry,
  saveExpiry,
} from './auto-clear';

const key = 'restaurantExpiry';
const hour = 3_600_000;
const now = Date.UTC(2026, 10, 23, 2, 0, 0); // the controllable clock: every rule takes `now`

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: vi.fn((k: string) => data.get(k) ?? null),
    setItem: vi.fn((k: string, v: string) => void data.set(k, v)),
    removeItem: vi.fn((k: string) => void data.delete(k)),
  };
}

function throwingStorage(): ExpiryStorage {
  const fail = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return { getItem: fail, setItem: fail, removeItem: fail };
}

afterEach(() => vi.restoreAllMocks());

describe('isValidAutoClearSetting (spec §5)', () => {
  it.each([
    [1, true],
    [24, true],
    [168, true],
    [1.5, true],
    [0, false],
    [0.99, false],
    [169, false],
    [168.01, false],
    [-1, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('intervalHours %s → %s', (intervalHours, valid) => {
    expect(isValidAutoClearSetting({ enabled: true, intervalHours })).toBe(valid);
    expect(isValidAutoClearSetting({ enabled: false, intervalHours })).toBe(valid);
  });

  it.each([
    ['intervalHours as a string', { enabled: true, intervalHours: '24' }],
    ['intervalHours missing', { enabled: true }],
    ['enabled as a string', { enabled: 'true', intervalHours: 24 }],
    ['enabled as 1', { enabled: 1, intervalHours: 24 }],
    ['enabled missing', { intervalHours: 24 }],
    ['null', null],
    ['a string', 'enabled'],
    ['undefined', undefined],
  ])('is invalid with %s', (_name, setting) => {
    expect(isValidAutoClearSetting(setting)).toBe(false);
  });
});

describe('autoClearSettingFromGeneral (spec §5: clamp 1..168, default 24, enabled false)', () => {
  it('defaults to 24 hours, off, when nothing is set', () => {
    expect(autoClearSettingFromGeneral({})).toEqual({ enabled: false, intervalHours: 24 });
    expect(autoClearSettingFromGeneral(undefined)).toEqual({ enabled: false, intervalHours: 24 });
  });

  it.each([
    [0, 1],
    [-5, 1],
    [1, 1],
    [12, 12],
    [168, 168],
    [169, 168],
    [Number.POSITIVE_INFINITY, 168],
    [Number.NaN, 24],
    ['48', 24],
    [null, 24],
  ])('interval %s is read as %s hours', (interval, hours) => {
    expect(
      autoClearSettingFromGeneral({ autoClearRestaurantOnInterval: true, autoClearRestaurantTimeInterval: interval }),
    ).toEqual({ enabled: true, intervalHours: hours });
  });

  it('is enabled only by the boolean true', () => {
    for (const enabled of ['true', 1, null, undefined, false]) {
      expect(autoClearSettingFromGeneral({ autoClearRestaurantOnInterval: enabled }).enabled).toBe(false);
    }
    expect(autoClearSettingFromGeneral({ autoClearRestaurantOnInterval: true }).enabled).toBe(true);
  });

  it('always yields a valid setting', () => {
    for (const interval of [0, 1, 168, 169, Number.NaN, '7', -1e9, 1e9]) {
      expect(isValidAutoClearSetting(autoClearSettingFromGeneral({ autoClearRestaurantTimeInterval: interval }))).toBe(
        true,
      );
    }
  });
});

describe('saveExpiry (spec §4: on selection)', () => {
  it('stores now plus the interval when enabled and valid: 1 h → now + 3 600 000 ms', () => {
    const storage = memoryStorage();
    expect(saveExpiry(storage, key, { enabled: true, intervalHours: 1 }, now)).toBe(now + hour);
    expect(storage.data.get(key)).toBe(String(now + hour));
  });

  it('168 h → now + 7 days', () => {
    const storage = memoryStorage();
    saveExpiry(storage, key, { enabled: true, intervalHours: 168 }, now);
    expect(Number(storage.data.get(key))).toBe(now + 7 * 24 * hour);
  });

  it.each([
    ['disabled', { enabled: false, intervalHours: 24 }],
    ['interval 0', { enabled: true, intervalHours: 0 }],
    ['interval 169', { enabled: true, intervalHours: 169 }],
    ['interval NaN', { enabled: true, intervalHours: Number.NaN }],
    ['interval as a string', { enabled: true, intervalHours: '24' }],
    ['no setting at all', undefined],
  ])('removes any stored expiry when %s', (_name, setting) => {
    const storage = memoryStorage({ [key]: String(now + hour) });
    expect(saveExpiry(storage, key, setting, now)).toBeNull();
    expect(storage.data.has(key)).toBe(false);
  });

  it('logs a warning and carries on when the storage throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(saveExpiry(throwingStorage(), key, { enabled: true, intervalHours: 2 }, now)).toBe(now + 2 * hour);
    expect(saveExpiry(throwingStorage(), key, { enabled: false, intervalHours: 2 }, now)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('removeExpiry also only warns when the storage throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => removeExpiry(throwingStorage(), key)).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('checkExpiry (spec §4)', () => {
  it('reports not expired and clears nothing when no expiry is stored', () => {
    const storage = memoryStorage();
    const clear = vi.fn();
    expect(checkExpiry(storage, key, now, clear)).toBe(false);
    expect(clear).not.toHaveBeenCalled();
    expect(storage.removeItem).not.toHaveBeenCalled();
  });

  it.each([
    ['0', '0'],
    ['a negative number', '-5'],
    ['not a number', 'tomorrow'],
    ['an empty string', ''],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
  ])('removes a stored value that is %s and reports not expired', (_name, stored) => {
    const storage = memoryStorage({ [key]: stored });
    const clear = vi.fn();
    expect(checkExpiry(storage, key, now, clear)).toBe(false);
    expect(storage.data.has(key)).toBe(false);
    expect(clear).not.toHaveBeenCalled();
  });

  it('keeps a future expiry and the selection: 1 ms before it is not expired', () => {
    const storage = memoryStorage({ [key]: String(now + hour) });
    const clear = vi.fn();
    expect(checkExpiry(storage, key, now + hour - 1, clear)).toBe(false);
    expect(storage.data.get(key)).toBe(String(now + hour));
    expect(clear).not.toHaveBeenCalled();
  });

  it('clears the selection and the expiry once the time is reached, and reports true', () => {
    const storage = memoryStorage({ [key]: String(now + hour) });
    const clear = vi.fn();
    expect(checkExpiry(storage, key, now + hour, clear)).toBe(true);
    expect(clear).toHaveBeenCalledOnce();
    expect(storage.data.has(key)).toBe(false);
  });

  it('clears a timestamp long in the past', () => {
    const storage = memoryStorage({ [key]: '1' });
    const clear = vi.fn();
    expect(checkExpiry(storage, key, now, clear)).toBe(true);
    expect(clear).toHaveBeenCalledOnce();
  });

  it('reports not expired, with a warning, when the storage cannot be read', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const clear = vi.fn();
    expect(checkExpiry(throwingStorage(), key, now, clear)).toBe(false);
    expect(clear).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('still clears the selection when the expired value cannot be removed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const storage = memoryStorage({ [key]: String(now - 1) });
    storage.removeItem.mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const clear = vi.fn();
    expect(checkExpiry(storage, key, now, clear)).toBe(true);
    expect(clear).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledOnce();
  });
});
