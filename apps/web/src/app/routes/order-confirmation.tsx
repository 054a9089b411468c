import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { OrderConfirmation } from '@/features/orders/components/order-confirmation';
import type { RouteHandle } from '../layout/root-layout';
import { Component as NotFound } from './not-found';

export const handle: RouteHandle = { title: 'Order confirmation' };

/**
 * /order-confirmation/:orderId; a guest's mailed link carries ?token=, exchanged once for a
 * credential and then replaced out of the address (history.replaceState), so it is not kept,
 * bookmarked or shared (decision 026).
 */
export function Component() {
  const { orderId } = useParams();
  const [search] = useSearchParams();
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const id = Number(orderId);
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  const dropToken = () => navigate({ pathname, search: '', hash }, { replace: true });
  return <OrderConfirmation key={id} orderId={id} linkToken={search.get('token')} onLinkUsed={dropToken} />;
}
