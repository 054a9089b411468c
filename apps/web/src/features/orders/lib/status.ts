import type { Order, OrderStatus } from '@orderfront/core';

type Method = Order['method'];

export function statusLabel(status: OrderStatus, method: Method): string {
  switch (status) {
    case 'pending_payment':
      return 'Waiting for payment';
    case 'placed':
      return 'Order placed';
    case 'accepted':
      return 'Accepted by the restaurant';
    case 'preparing':
      return 'Being prepared';
    case 'ready':
      return method === 'pickup' ? 'Ready for pickup' : method === 'dine_in' ? 'Ready to serve' : 'Ready';
    case 'out_for_delivery':
      return 'Out for delivery';
    case 'completed':
      return 'Completed';
    case 'cancelled':
      return 'Cancelled';
    case 'refunded':
      return 'Refunded';
  }
}

/** The happy path an order of this method walks, in order. */
export function statusSteps(method: Method): OrderStatus[] {
  return method === 'delivery'
    ? ['placed', 'accepted', 'preparing', 'ready', 'out_for_delivery', 'completed']
    : ['placed', 'accepted', 'preparing', 'ready', 'completed'];
}
