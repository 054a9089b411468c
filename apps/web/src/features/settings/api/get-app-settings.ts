import type { AppSettingsEntry } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AppSettingsParams {
  tenantId: number;
  restaurantId?: number | null;
}

/** GET /v2/restaurants/app-settings (spec §7): a list whose first element holds the settings. */
export function getAppSettings({ tenantId, restaurantId }: AppSettingsParams, signal?: AbortSignal) {
  return api<AppSettingsEntry[]>('/v2/restaurants/app-settings', {
    query: { tenant_id: tenantId, restaurant_id: restaurantId ?? undefined },
    signal,
  });
}

export function appSettingsQueryOptions(params: AppSettingsParams) {
  return queryOptions({
    queryKey: ['app-settings', params.tenantId, params.restaurantId ?? null],
    queryFn: ({ signal }) => getAppSettings(params, signal),
  });
}

export function useAppSettings(params: AppSettingsParams) {
  return useQuery(appSettingsQueryOptions(params));
}
