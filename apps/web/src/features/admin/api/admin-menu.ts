import type { AdminMenu, AdminProduct, AvailabilityBody, ProductEditBody } from '@storefront/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { ApiError, api, bearerToken } from '@/lib/api-client';

/** GET /v2/admin/menu: the restaurant's products and options with availability and prices. */
export function getAdminMenu(restaurantId: number, signal?: AbortSignal) {
  return api<AdminMenu>('/v2/admin/menu', { query: { restaurant_id: restaurantId }, signal });
}

export const adminMenuQueryOptions = (restaurantId: number) =>
  queryOptions({
    queryKey: ['admin', 'menu', restaurantId],
    queryFn: ({ signal }) => getAdminMenu(restaurantId, signal),
    staleTime: 0,
  });

export function useAdminMenu(restaurantId: number) {
  return useQuery(adminMenuQueryOptions(restaurantId));
}

type Target = { kind: 'product' | 'modifier'; id: number };

/** PATCH /v2/admin/products/:id/availability or /v2/admin/modifiers/:id/availability. */
export function setAvailability(target: Target, body: AvailabilityBody) {
  const path = target.kind === 'product' ? 'products' : 'modifiers';
  return api<unknown>(`/v2/admin/${path}/${target.id}/availability`, { method: 'PATCH', body });
}

export function useSetAvailability(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ target, body }: { target: Target; body: Omit<AvailabilityBody, 'restaurant_id'> }) =>
      setAvailability(target, { ...body, restaurant_id: restaurantId } as AvailabilityBody),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'menu', restaurantId] }),
  });
}

/** PATCH /v2/admin/products/:id: prices (cents) and description. */
export function editProduct(id: number, body: ProductEditBody) {
  return api<AdminProduct>(`/v2/admin/products/${id}`, { method: 'PATCH', body });
}

export function useEditProduct(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Omit<ProductEditBody, 'restaurant_id'> }) =>
      editProduct(id, { ...body, restaurant_id: restaurantId } as ProductEditBody),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'menu', restaurantId] }),
  });
}

/** PUT /v2/admin/products/:id/image: the file itself as the body (the api client speaks JSON only). */
export async function uploadProductImage(restaurantId: number, id: number, file: File): Promise<AdminProduct> {
  const token = bearerToken();
  const response = await fetch(`${runtimeConfig.apiBase}/v2/admin/products/${id}/image?restaurant_id=${restaurantId}`, {
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
  return body.data as AdminProduct;
}

export function useUploadProductImage(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => uploadProductImage(restaurantId, id, file),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'menu', restaurantId] }),
  });
}
