import type { FulfilmentMethodName, OrderStatus, StaffOrder } from '@orderfront/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface OrderFilters {
  status?: OrderStatus;
  method?: FulfilmentMethodName;
}

interface OrderPage {
  items: StaffOrder[];
  page: number;
  per_page: number;
  total: number;
}

/** GET /v2/admin/orders: the restaurant's orders, newest first. */
export function getAdminOrders(restaurantId: number, filters: OrderFilters, signal?: AbortSignal) {
  return api<OrderPage>('/v2/admin/orders', {
    query: { restaurant_id: restaurantId, status: filters.status, method: filters.method, per_page: 100 },
    signal,
  });
}

export const adminOrdersQueryOptions = (restaurantId: number, filters: OrderFilters) =>
  queryOptions({
    queryKey: ['admin', 'orders', restaurantId, filters.status ?? null, filters.method ?? null],
    queryFn: ({ signal }) => getAdminOrders(restaurantId, filters, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminOrders(restaurantId: number, filters: OrderFilters) {
  return useQuery(adminOrdersQueryOptions(restaurantId, filters));
}
