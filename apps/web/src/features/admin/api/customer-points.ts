import type { AdminCustomerPoints, AdminLoyaltyAdjustment, LoyaltyAdjustBody } from '@storefront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const key = ['admin', 'loyalty'] as const;

/** GET /v2/admin/loyalty?email= (staff+): the customer with this email, with points and history. */
export function findCustomerPoints(email: string, signal?: AbortSignal) {
  return api<AdminCustomerPoints[]>('/v2/admin/loyalty', { query: { email }, signal });
}

export function useCustomerPoints(email: string | null) {
  return useQuery({
    queryKey: [...key, email],
    queryFn: ({ signal }) => findCustomerPoints(email ?? '', signal),
    enabled: email !== null,
    staleTime: 0,
  });
}

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
      client.setQueriesData<AdminCustomerPoints[]>({ queryKey: key }, (list) =>
        list?.map((c) => (c.user_id === customer.user_id ? customer : c)),
      ),
  });
}
