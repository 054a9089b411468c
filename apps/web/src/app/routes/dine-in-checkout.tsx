import { useCheckoutStore } from '@/features/checkout/stores/checkout-store';
import { CheckoutDetailsRoute, prefillGuestDetails } from '../checkout-routes';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Dine-in checkout' };

/** Back in dine-in mode at the remembered table (set by the table's QR link). */
export function loader() {
  const checkout = useCheckoutStore.getState();
  if (checkout.deliveryMethod !== 'dine_in' && checkout.tableId) checkout.startDineIn(checkout.tableId);
  prefillGuestDetails();
  return null;
}

export function Component() {
  return <CheckoutDetailsRoute dineIn />;
}
