import type { AdminProduct } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { ApiError, bearerToken } from '@/lib/api-client';

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
