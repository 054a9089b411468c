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
