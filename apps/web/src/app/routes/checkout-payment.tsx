import { CheckoutPaymentRoute } from '../checkout-routes';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Payment' };

export function Component() {
  return <CheckoutPaymentRoute />;
}
