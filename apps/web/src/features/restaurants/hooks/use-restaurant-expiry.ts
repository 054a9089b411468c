import { useLayoutEffect } from 'react';
import { useRestaurantStore } from '../stores/restaurant-store';

/** How often the expiry is checked while the app is open. */
export const expiryCheckIntervalMs = 60_000;

/**
 * Spec §4: the expiry check runs on start (before the first paint, so an expired selection is never
 * shown), on an interval while the app is open, and when the tab becomes visible again.
 */
export function useRestaurantExpiry() {
  useLayoutEffect(() => {
    const check = () => useRestaurantStore.getState().checkExpiry();
    check();
    const timer = setInterval(check, expiryCheckIntervalMs);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
