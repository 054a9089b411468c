import type { Address, AddressRequest } from '@storefront/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getAddresses() {
  return api<Address[]>('/v2/addresses');
}

export const addressesQueryOptions = queryOptions({ queryKey: ['addresses'], queryFn: getAddresses });

export function useAddresses() {
  return useQuery(addressesQueryOptions);
}

export function saveAddress({ id, ...input }: AddressRequest & { id?: number }) {
  return id
    ? api<Address>(`/v2/addresses/${id}`, { method: 'PUT', body: input })
    : api<Address>('/v2/addresses', { method: 'POST', body: input });
}

export function deleteAddress(id: number) {
  return api<null>(`/v2/addresses/${id}`, { method: 'DELETE' });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['addresses'] }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['addresses'] }),
  });
}
