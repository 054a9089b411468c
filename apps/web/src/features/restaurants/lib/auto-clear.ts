/**
 * The selected restaurant's auto-clear rules (spec §4, §5), as pure functions of a storage and a clock
 * so every rule can be tested at any instant and with a storage that fails.
 */

/** Spec §3 "Restaurant auto-clear settings". */
export interface AutoClearSetting {
  enabled: boolean;
  intervalHours: number;
}

/** Spec §9: 1 to 168 hours, 24 by default, off by default. */
export const autoClearLimits = { minHours: 1, maxHours: 168, defaultHours: 24 } as const;

const hourMs = 60 * 60 * 1000;

/** The part of the storage API the rules use (localStorage fits). */
export type ExpiryStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Spec §5: valid only if enabled is a boolean and intervalHours a number from 1 to 168 inclusive, not NaN. */
export function isValidAutoClearSetting(setting: unknown): setting is AutoClearSetting {
  if (typeof setting !== 'object' || setting === null) return false;
  const { enabled, intervalHours } = setting as Record<string, unknown>;
  return (
    typeof enabled === 'boolean' &&
    typeof intervalHours === 'number' &&
    !Number.isNaN(intervalHours) &&
    intervalHours >= autoClearLimits.minHours &&
    intervalHours <= autoClearLimits.maxHours
  );
}

/**
 * Spec §5: the setting as read from the theme's general settings: the interval clamped to 1..168 and 24
 * when it is not a number; enabled false unless it is `true`.
 */
export function autoClearSettingFromGeneral(general?: {
  autoClearRestaurantOnInterval?: unknown;
  autoClearRestaurantTimeInterval?: unknown;
}): AutoClearSetting {
  const interval = general?.autoClearRestaurantTimeInterval;
  const intervalHours =
    typeof interval === 'number' && !Number.isNaN(interval)
      ? Math.min(autoClearLimits.maxHours, Math.max(autoClearLimits.minHours, interval))
      : autoClearLimits.defaultHours;
  return { enabled: general?.autoClearRestaurantOnInterval === true, intervalHours };
}

/** Spec §8: storage failures for the expiry timestamp are logged as warnings and ignored. */
function attempt<T>(what: string, run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    console.warn(`Restaurant auto-clear: could not ${what}`, error);
    return undefined;
  }
}

/**
 * Spec §4, on selection: stores now + interval when auto-clear is enabled and valid, else removes any
 * stored expiry. Returns the stored timestamp, or null when none is stored.
 */
export function saveExpiry(storage: ExpiryStorage, key: string, setting: unknown, now: number): number | null {
  if (isValidAutoClearSetting(setting) && setting.enabled) {
    const expiresAt = now + setting.intervalHours * hourMs;
    attempt('store the expiry', () => storage.setItem(key, String(expiresAt)));
    return expiresAt;
  }
  attempt('remove the expiry', () => storage.removeItem(key));
  return null;
}

/** Removes the stored expiry (the selection was cleared by hand or replaced by nothing). */
export function removeExpiry(storage: ExpiryStorage, key: string): void {
  attempt('remove the expiry', () => storage.removeItem(key));
}

/**
 * Spec §4, expiry check: a stored value that is not a positive number is removed and counts as not
 * expired; a timestamp that has passed clears the selection and the stored expiry and reports true.
 */
export function checkExpiry(storage: ExpiryStorage, key: string, now: number, clearSelection: () => void): boolean {
  const raw = attempt('read the expiry', () => storage.getItem(key));
  if (raw === null || raw === undefined) return false;
  const expiresAt = Number(raw);
  if (!Number.isFinite(expiresAt) || expiresAt <= 0) {
    removeExpiry(storage, key);
    return false;
  }
  if (now < expiresAt) return false;
  clearSelection();
  removeExpiry(storage, key);
  return true;
}
