import type {
  CatalogueDocument,
  CatalogueEditorState,
  CatalogueImportBody,
  CatalogueImportResult,
  CataloguePublishRow,
} from '@orderfront/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { ApiError, api, bearerToken } from '@/lib/api-client';

/** GET /v2/admin/catalogue: the published catalogue as a document and its revision (manager+). */
export const catalogueQueryOptions = (restaurantId: number) =>
  queryOptions({
    queryKey: ['admin', 'catalogue', restaurantId],
    queryFn: ({ signal }) =>
      api<CatalogueEditorState>('/v2/admin/catalogue', { query: { restaurant_id: restaurantId }, signal }),
    staleTime: 0,
  });

export const useCatalogue = (restaurantId: number) => useQuery(catalogueQueryOptions(restaurantId));

export function usePublishCatalogue(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ base, document }: { base: number; document: CatalogueDocument }) =>
      api<{ revision: number; changes: string[] }>('/v2/admin/catalogue/publish', {
        method: 'POST',
        body: { restaurant_id: restaurantId, base_revision: base, document },
      }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['admin', 'catalogue-history', restaurantId] });
      client.invalidateQueries({ queryKey: ['admin', 'menu', restaurantId] });
    },
  });
}

export function useImportCatalogue(restaurantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CatalogueImportBody, 'restaurant_id'>) =>
      api<CatalogueImportResult>('/v2/admin/catalogue/import', {
        method: 'POST',
        body: { ...body, restaurant_id: restaurantId },
      }),
    onSuccess: (result) => {
      if (result.applied) client.invalidateQueries({ queryKey: ['admin', 'catalogue', restaurantId] });
    },
  });
}

export const useCatalogueHistory = (restaurantId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'catalogue-history', restaurantId],
    queryFn: ({ signal }) =>
      api<CataloguePublishRow[]>('/v2/admin/catalogue/history', { query: { restaurant_id: restaurantId }, signal }),
    enabled,
  });

/** GET /v2/admin/catalogue/export as a file the browser saves (the api client speaks JSON envelopes only). */
export async function downloadCatalogue(restaurantId: number, format: 'json' | 'csv') {
  const token = bearerToken();
  const response = await fetch(
    `${runtimeConfig.apiBase}/v2/admin/catalogue/export?restaurant_id=${restaurantId}&format=${format}`,
    { headers: token ? { authorization: `Bearer ${token}` } : {} },
  );
  if (!response.ok) throw new ApiError(response.status, 'bad_request', 'The export failed');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `catalogue.${format}`;
  link.click();
  URL.revokeObjectURL(url);
}

/** POST /v2/admin/catalogue/images: the file as the body; answers the stored image's path. */
export async function uploadCatalogueImage(restaurantId: number, file: File): Promise<string> {
  const token = bearerToken();
  const response = await fetch(`${runtimeConfig.apiBase}/v2/admin/catalogue/images?restaurant_id=${restaurantId}`, {
    method: 'POST',
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
  return (body.data as { image: string }).image;
}
