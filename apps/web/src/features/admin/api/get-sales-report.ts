import type { ReportTable, SalesReportView } from '@orderfront/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { ApiError, api, bearerToken } from '@/lib/api-client';

export interface ReportRequest {
  from: string;
  to: string;
  /** Empty: every restaurant the caller manages. */
  restaurantIds: number[];
}

/** Restaurant ids repeat the parameter (`restaurant_id=1&restaurant_id=2`). */
function searchOf({ from, to, restaurantIds }: ReportRequest, extra: Record<string, string> = {}) {
  const search = new URLSearchParams({ from, to, ...extra });
  for (const id of restaurantIds) search.append('restaurant_id', String(id));
  return search.toString();
}

/** GET /v2/admin/reports (manager+): the sales report (decision 039). */
export function getSalesReport(request: ReportRequest, signal?: AbortSignal) {
  return api<SalesReportView>(`/v2/admin/reports?${searchOf(request)}`, { signal });
}

export const salesReportQueryOptions = (request: ReportRequest) =>
  queryOptions({
    queryKey: ['admin', 'reports', request.from, request.to, [...request.restaurantIds].sort()],
    queryFn: ({ signal }) => getSalesReport(request, signal),
    staleTime: 60_000,
  });

export function useSalesReport(request: ReportRequest | null) {
  return useQuery({
    ...salesReportQueryOptions(request ?? { from: '', to: '', restaurantIds: [] }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Downloads one table as CSV (GET /v2/admin/reports/export): fetched with the bearer token, since
 * a plain link cannot send it, then saved under the server's file name.
 */
export async function downloadReportCsv(request: ReportRequest, table: ReportTable | 'lines') {
  const token = bearerToken();
  const response = await fetch(`${runtimeConfig.apiBase}/v2/admin/reports/export?${searchOf(request, { table })}`, {
    headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code: never; message: string } } | null;
    throw new ApiError(response.status, body?.error?.code ?? 'internal', body?.error?.message ?? 'The download failed');
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `sales-${table}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
