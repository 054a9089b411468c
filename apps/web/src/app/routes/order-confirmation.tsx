import { useParams, useSearchParams } from 'react-router';
import { OrderConfirmation } from '@/features/orders/components/order-confirmation';
import type { RouteHandle } from '../layout/root-layout';
import { Component as NotFound } from './not-found';

export const handle: RouteHandle = { title: 'Order confirmation' };

/** /order-confirmation/:orderId; a guest's link carries ?token=. */
export function Component() {
  const { orderId } = useParams();
  const [search] = useSearchParams();
  const id = Number(orderId);
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <OrderConfirmation key={id} orderId={id} token={search.get('token')} />;
}
