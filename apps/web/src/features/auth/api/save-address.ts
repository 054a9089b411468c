import type { Address, AddressRequest } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v2/addresses for a new address, PUT /v2/addresses/{id} for an existing one. */
export function saveAddress({ id, ...input }: AddressRequest & { id?: number }) {
  return id
    ? api<Address>(`/v2/addresses/${id}`, { method: 'PUT', body: input })
    : api<Address>('/v2/addresses', { method: 'POST', body: input });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['addresses'] }),
  });
}
