import type {
  AdminDeliveryZone,
  AdminDeliveryZoneBody,
  AdminRestaurantBody,
  AdminRestaurantDetail,
  BusinessSettings,
  BusinessSettingsBody,
  DeliveryQuote,
  DiningTable,
  RestaurantClosure,
  RestaurantClosureBody,
  RestaurantSpecialHours,
  RestaurantSpecialHoursBody,
} from '@orderfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { ApiError, api, bearerToken } from '@/lib/api-client';

/** The back office's set-up calls (decision 037). */

const keys = {
  business: ['admin', 'business'] as const,
  restaurants: ['admin', 'restaurants'] as const,
  closures: (id: number) => ['admin', 'closures', id] as const,
  specialHours: (id: number) => ['admin', 'special-hours', id] as const,
  zones: (id: number) => ['admin', 'zones', id] as const,
  tables: (id: number) => ['admin', 'tables', id] as const,
};

export function useBusiness() {
  return useQuery({
    queryKey: keys.business,
    queryFn: ({ signal }) => api<BusinessSettings>('/v2/admin/business', { signal }),
  });
}

export function useSaveBusiness() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessSettingsBody) => api<BusinessSettings>('/v2/admin/business', { method: 'PUT', body }),
    onSuccess: (data) => {
      client.setQueryData(keys.business, data);
      // The storefront's theme carries the contact details: read it again.
      void client.invalidateQueries({ queryKey: ['app-settings'] });
    },
  });
}

export function useAdminRestaurants() {
  return useQuery({
    queryKey: keys.restaurants,
    queryFn: ({ signal }) => api<AdminRestaurantDetail[]>('/v2/admin/restaurants', { signal }),
  });
}

/** After a restaurant changes: the list, and the switcher's list (admin me). */
function useRestaurantsChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: keys.restaurants }),
      client.invalidateQueries({ queryKey: ['admin', 'me'] }),
    ]);
}

export function useCreateRestaurant() {
  const changed = useRestaurantsChanged();
  return useMutation({
    mutationFn: (body: AdminRestaurantBody) =>
      api<AdminRestaurantDetail>('/v2/admin/restaurants', { method: 'POST', body }),
    onSuccess: changed,
  });
}

export function useUpdateRestaurant(id: number) {
  const changed = useRestaurantsChanged();
  return useMutation({
    mutationFn: (body: AdminRestaurantBody) =>
      api<AdminRestaurantDetail>(`/v2/admin/restaurants/${id}`, { method: 'PUT', body }),
    onSuccess: changed,
  });
}

export function useSetRestaurantStatus() {
  const changed = useRestaurantsChanged();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 0 | 1 }) =>
      api<AdminRestaurantDetail>(`/v2/admin/restaurants/${id}/status`, { method: 'PUT', body: { status } }),
    onSuccess: changed,
  });
}

export function useDeleteRestaurant() {
  const changed = useRestaurantsChanged();
  return useMutation({
    mutationFn: (id: number) => api<{ deleted: true }>(`/v2/admin/restaurants/${id}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

/** PUT /v2/admin/restaurants/:id/image: the file itself as the body (the api client speaks JSON only). */
async function uploadRestaurantImage(id: number, file: File): Promise<AdminRestaurantDetail> {
  const token = bearerToken();
  const response = await fetch(`${runtimeConfig.apiBase}/v2/admin/restaurants/${id}/image`, {
    method: 'PUT',
    headers: {
      'content-type': file.type || 'application/octet-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: file,
  });
  const body = await response.json().catch(() => null);
  if (!response.ok || !body || body.error) {
    throw new ApiError(response.status, body?.error?.code ?? 'bad_request', body?.error?.message ?? 'Upload failed');
  }
  return body.data as AdminRestaurantDetail;
}

export function useUploadRestaurantImage(id: number) {
  const changed = useRestaurantsChanged();
  return useMutation({ mutationFn: (file: File) => uploadRestaurantImage(id, file), onSettled: changed });
}

export function useClosures(restaurantId: number) {
  return useQuery({
    queryKey: keys.closures(restaurantId),
    queryFn: ({ signal }) => api<RestaurantClosure[]>(`/v2/admin/restaurants/${restaurantId}/closures`, { signal }),
  });
}

export function useAddClosure(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RestaurantClosureBody) =>
      api<RestaurantClosure>(`/v2/admin/restaurants/${restaurantId}/closures`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.closures(restaurantId) }),
  });
}

export function useRemoveClosure(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ deleted: true }>(`/v2/admin/restaurants/${restaurantId}/closures/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.closures(restaurantId) }),
  });
}

export function useSpecialHours(restaurantId: number) {
  return useQuery({
    queryKey: keys.specialHours(restaurantId),
    queryFn: ({ signal }) =>
      api<RestaurantSpecialHours[]>(`/v2/admin/restaurants/${restaurantId}/special-hours`, { signal }),
  });
}

export function useAddSpecialHours(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RestaurantSpecialHoursBody) =>
      api<RestaurantSpecialHours>(`/v2/admin/restaurants/${restaurantId}/special-hours`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.specialHours(restaurantId) }),
  });
}

export function useUpdateSpecialHours(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RestaurantSpecialHoursBody }) =>
      api<RestaurantSpecialHours>(`/v2/admin/restaurants/${restaurantId}/special-hours/${id}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.specialHours(restaurantId) }),
  });
}

export function useRemoveSpecialHours(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ deleted: true }>(`/v2/admin/restaurants/${restaurantId}/special-hours/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.specialHours(restaurantId) }),
  });
}

export function useZones(restaurantId: number) {
  return useQuery({
    queryKey: keys.zones(restaurantId),
    queryFn: ({ signal }) =>
      api<AdminDeliveryZone[]>(`/v2/admin/restaurants/${restaurantId}/delivery-zones`, { signal }),
  });
}

export function useSaveZone(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AdminDeliveryZoneBody }) =>
      api<AdminDeliveryZone>(`/v2/admin/restaurants/${restaurantId}/delivery-zones${id === null ? '' : `/${id}`}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.zones(restaurantId) }),
  });
}

export function useRemoveZone(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ deleted: true }>(`/v2/admin/restaurants/${restaurantId}/delivery-zones/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.zones(restaurantId) }),
  });
}

export type ZoneTestAnswer = DeliveryQuote & { delivers: boolean; message: string };

export function useTestZone(restaurantId: number) {
  return useMutation({
    mutationFn: (body: { postcode: string; suburb: string; subtotal_cents: number }) =>
      api<ZoneTestAnswer>(`/v2/admin/restaurants/${restaurantId}/delivery-zones/test`, { method: 'POST', body }),
  });
}

export function useTables(restaurantId: number) {
  return useQuery({
    queryKey: keys.tables(restaurantId),
    queryFn: ({ signal }) => api<DiningTable[]>(`/v2/admin/restaurants/${restaurantId}/tables`, { signal }),
  });
}

export function useAddTable(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api<DiningTable>(`/v2/admin/restaurants/${restaurantId}/tables`, { method: 'POST', body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.tables(restaurantId) }),
  });
}

export function useRemoveTable(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ deleted: true }>(`/v2/admin/restaurants/${restaurantId}/tables/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.tables(restaurantId) }),
  });
}
