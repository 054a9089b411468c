import type { GiftCardOptions } from '@orderfront/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

export function getGiftCardOptions(): Promise<GiftCardOptions> {
  return api('/v2/gift-cards/options', { query: { tenant_id: runtimeConfig.tenantId } });
}

export const giftCardOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['gift-cards', 'options', runtimeConfig.tenantId], queryFn: getGiftCardOptions });

export function useGiftCardOptions() {
  return useQuery(giftCardOptionsQueryOptions());
}
