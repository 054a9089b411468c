import type { AdminProduct, ProductEditBody } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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
