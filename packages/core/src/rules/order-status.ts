import { type OrderStatus, orderStatuses } from '../contract/orders.js';

/**
 * Legal order moves. pending_payment → placed happens only on the payment provider's
 * confirmation; staff move an order on from placed; completed orders can still be refunded.
 */
const moves: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['placed', 'cancelled'],
  placed: ['accepted', 'cancelled'],
  accepted: ['preparing', 'ready', 'cancelled'],
  preparing: ['ready', 'cancelled'],
  ready: ['out_for_delivery', 'completed', 'cancelled'],
  out_for_delivery: ['completed', 'cancelled'],
  completed: ['refunded'],
  cancelled: [],
  refunded: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return moves[from].includes(to);
}

export function nextOrderStatuses(from: OrderStatus): readonly OrderStatus[] {
  return moves[from];
}

/** out_for_delivery only makes sense for delivery orders. */
export function canMoveOrderFor(method: 'pickup' | 'delivery' | 'dine_in', from: OrderStatus, to: OrderStatus) {
  if (to === 'out_for_delivery' && method !== 'delivery') return false;
  return canMoveOrder(from, to);
}

const notSold: readonly OrderStatus[] = ['pending_payment', 'cancelled', 'refunded'];

/**
 * Orders that count as sold: placed (a card order once paid) and on, until cancelled or refunded.
 * A customer's order count for first-order coupons and the best sellers both count these.
 */
export const soldOrderStatuses: readonly OrderStatus[] = orderStatuses.filter((s) => !notSold.includes(s));

export const isFinalOrderStatus = (status: OrderStatus) => moves[status].length === 0;

/**
 * When an order the kitchen accepts now will be ready: in `prepMinutes`, or at its slot when it was
 * ordered for later (a 5:00 pm order accepted at 12:31 am is ready at 5:00 pm, not 12:51 am). ASAP
 * and dine-in orders have no slot of their own. The note says the same to the customer.
 */
export function acceptedReadyAt(
  now: Date,
  prepMinutes: number,
  order: { pickup_time: string | null; scheduled_for: string | null },
): { readyAt: string; note: string } {
  const prepared = now.getTime() + prepMinutes * 60_000;
  const slot = order.pickup_time && order.pickup_time !== 'asap' && order.scheduled_for;
  const slotAt = slot ? Date.parse(slot) : Number.NaN;
  if (Number.isFinite(slotAt) && slotAt > prepared) {
    return { readyAt: new Date(slotAt).toISOString(), note: 'Ready for the time you chose' };
  }
  return { readyAt: new Date(prepared).toISOString(), note: `Ready in about ${prepMinutes} min` };
}
