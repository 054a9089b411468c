import type { FulfilmentMethodName, Order, OrderStatus, OrderStatusChangeBody } from '@storefront/core';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface OrderFilters {
  status?: OrderStatus;
  method?: FulfilmentMethodName;
}

interface OrderPage {
  items: Order[];
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

/** GET /v2/admin/orders/:id: one order (the ticket). */
export function getAdminOrder(id: number, signal?: AbortSignal) {
  return api<Order>(`/v2/admin/orders/${id}`, { signal });
}

export function useAdminOrder(id: number) {
  return useQuery({ queryKey: ['admin', 'order', id], queryFn: ({ signal }) => getAdminOrder(id, signal) });
}

/** PATCH /v2/admin/orders/:id/status: accept with a prep time, reject with a reason, move on. */
export function changeOrderStatus(id: number, body: OrderStatusChangeBody) {
  return api<Order>(`/v2/admin/orders/${id}/status`, { method: 'PATCH', body });
}

export function useChangeOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: OrderStatusChangeBody }) => changeOrderStatus(id, body),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}
