import type { AdminCustomerPoints, AdminLoyaltyAdjustment, LoyaltyAdjustBody } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerPointsKey } from './find-customer-points';

/** POST /v2/admin/loyalty/:userId/adjust (manager+): the same key never adjusts twice. */
export function adjustPoints(userId: number, body: LoyaltyAdjustBody, idempotencyKey: string) {
  return api<AdminLoyaltyAdjustment>(`/v2/admin/loyalty/${userId}/adjust`, {
    method: 'POST',
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export function useAdjustPoints() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; body: LoyaltyAdjustBody; idempotencyKey: string }) =>
      adjustPoints(input.userId, input.body, input.idempotencyKey),
    // The answer carries the customer as they now stand: shown at once, without another round trip.
    onSuccess: ({ customer }) =>
      client.setQueriesData<AdminCustomerPoints[]>({ queryKey: customerPointsKey }, (list) =>
        list?.map((c) => (c.user_id === customer.user_id ? customer : c)),
      ),
  });
}
