import type { ContentPage, ContentPageSlug } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v2/pages/{slug}: terms, privacy or refund policy of the tenant. */
export function getContentPage(tenantId: number, slug: ContentPageSlug, signal?: AbortSignal) {
  return api<ContentPage>(`/v2/pages/${slug}`, { query: { tenant_id: tenantId }, signal });
}

export function contentPageQueryOptions(tenantId: number, slug: ContentPageSlug) {
  return queryOptions({
    queryKey: ['content-page', tenantId, slug],
    queryFn: ({ signal }) => getContentPage(tenantId, slug, signal),
  });
}

export function useContentPage(tenantId: number, slug: ContentPageSlug) {
  return useQuery(contentPageQueryOptions(tenantId, slug));
}
