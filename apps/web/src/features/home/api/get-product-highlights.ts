import type { ProductHighlights } from '@storefront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/products/highlights: best-selling and fresh additions for the home page. */
export function getProductHighlights(tenantId: number, restaurantId: number | null, signal?: AbortSignal) {
  return api<ProductHighlights>('/v2/products/highlights', {
    query: { tenant_id: tenantId, restaurant_id: restaurantId ?? undefined },
    signal,
  });
}

export function productHighlightsQueryOptions(tenantId: number, restaurantId: number | null) {
  return queryOptions({
    queryKey: ['product-highlights', tenantId, restaurantId],
    queryFn: ({ signal }) => getProductHighlights(tenantId, restaurantId, signal),
  });
}

export function useProductHighlights(tenantId: number, restaurantId: number | null, enabled: boolean) {
  return useQuery({ ...productHighlightsQueryOptions(tenantId, restaurantId), enabled });
}
