import { CheckoutPaymentRoute } from '../checkout-routes';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Dine-in payment' };

export function Component() {
  return <CheckoutPaymentRoute dineIn />;
}
