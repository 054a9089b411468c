import type { DeliveryAddress, DeliveryQuote } from '@orderfront/core';
import { api } from '@/lib/api-client';

/** POST /v2/delivery/quote: the caller's cart delivered to this address. */
export function getDeliveryQuote(restaurantId: number, address: DeliveryAddress) {
  return api<DeliveryQuote>('/v2/delivery/quote', {
    method: 'POST',
    body: { restaurant_id: restaurantId, address },
  });
}
