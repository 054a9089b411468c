import { useCheckoutStore } from '@/features/checkout/stores/checkout-store';
import { CheckoutDetailsRoute, prefillGuestDetails } from '../checkout-routes';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Checkout' };

/** /checkout is for pickup and delivery; dine-in has its own checkout. */
export function loader() {
  const checkout = useCheckoutStore.getState();
  if (checkout.deliveryMethod === 'dine_in') checkout.setDeliveryMethod('pickup');
  prefillGuestDetails();
  return null;
}

export function Component() {
  return <CheckoutDetailsRoute />;
}
