import type { AppSettingsEntry, SaveAppSettingsBody } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT /v2/restaurants/app-settings: the config editor saves the theme (staff only). */
export function saveAppSettings(body: SaveAppSettingsBody) {
  return api<AppSettingsEntry[]>('/v2/restaurants/app-settings', { method: 'PUT', body });
}

export function useSaveAppSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAppSettings,
    onSuccess: (data, body) => {
      queryClient.setQueryData(['app-settings', body.tenant_id, body.restaurant_id ?? null], data);
    },
  });
}
