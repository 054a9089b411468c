import { useEffect, useState } from 'react';
import { ApiError, onApiError } from '@/lib/api-client';
import { useAppSettings } from '../api/get-app-settings';
import { useConfigStore } from '../stores/config-store';

export const settingsFailedMessage = 'Failed to load restaurant settings';
/** Spec §8: the wording does not match the 502 status, on purpose of the spec. */
export const serverDownMessage = 'Resource not found (404)';

/** Spec §8: a 502 from any call sets the server-down state; the caller still gets the error. */
export function useServerDownOn502() {
  useEffect(
    () =>
      onApiError((error) => {
        if (error.status === 502) useConfigStore.getState().setServerDown(serverDownMessage);
      }),
    [],
  );
}

/**
 * Loads the tenant's (or the selected restaurant's) settings into the config store. The page
 * already has them inlined; this refetch keeps them current as the spec asks.
 */
export function SettingsSync({ tenantId, restaurantId }: { tenantId: number; restaurantId?: number | null }) {
  // A remembered restaurant the server no longer knows (404) is not an outage: fall back to the
  // tenant's settings; the restaurant list then drops or replaces the stale choice.
  const [unknownRestaurant, setUnknownRestaurant] = useState<number | null>(null);
  const effective = restaurantId != null && restaurantId !== unknownRestaurant ? restaurantId : null;
  const { data, error } = useAppSettings({ tenantId, restaurantId: effective });
  useEffect(() => {
    if (!data) return;
    const [first] = data;
    if (first) useConfigStore.getState().applySettings(first);
    else useConfigStore.getState().setServerDown(settingsFailedMessage);
  }, [data]);
  useEffect(() => {
    if (!error) return;
    if (effective !== null && error instanceof ApiError && error.status === 404) {
      setUnknownRestaurant(effective);
      return;
    }
    useConfigStore.getState().setServerDown(settingsFailedMessage);
  }, [error, effective]);
  return null;
}
