import type { Address } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getAddresses() {
  return api<Address[]>('/v2/addresses');
}

export const addressesQueryOptions = queryOptions({ queryKey: ['addresses'], queryFn: getAddresses });

export function useAddresses() {
  return useQuery(addressesQueryOptions);
}
