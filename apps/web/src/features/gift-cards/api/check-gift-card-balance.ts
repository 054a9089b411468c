import type { GiftCardBalance } from '@orderfront/core';
import { useMutation } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime';
import { api } from '@/lib/api-client';

export function checkGiftCardBalance(code: string): Promise<GiftCardBalance> {
  return api('/v2/gift-cards/balance', { method: 'POST', body: { tenant_id: runtimeConfig.tenantId, code } });
}

/** A mutation, not a query: each check counts against the rate limit and must not be refetched. */
export function useCheckGiftCardBalance() {
  return useMutation({ mutationFn: checkGiftCardBalance });
}
