import { useCartStore } from '@/features/cart/stores/cart-store';
import { type CheckoutState, useCheckoutStore } from '@/features/checkout/stores/checkout-store';

/**
 * The cart is priced for how the order will be placed (spec §4: its key holds the cash-on-delivery
 * and dine-in flags), so the cart's flags follow the checkout's method and payment choice.
 */
function sync({ deliveryMethod, paymentMethod }: Pick<CheckoutState, 'deliveryMethod' | 'paymentMethod'>) {
  const cart = useCartStore.getState();
  const dineIn = deliveryMethod === 'dine_in';
  const cash = paymentMethod === 'cashOnDelivery';
  if (cart.dineIn !== dineIn) cart.setDineIn(dineIn);
  if (cart.cashOnDelivery !== cash) cart.setCashOnDelivery(cash);
}

let started = false;

export function syncCartWithCheckout() {
  if (started) return;
  started = true;
  sync(useCheckoutStore.getState());
  useCheckoutStore.subscribe(sync);
}
