import { CartPanel } from '@/features/cart/components/cart-panel';
import { useCheckoutStore } from '@/features/checkout/stores/checkout-store';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Cart' };

export function Component() {
  const checkoutTo = useCheckoutStore((s) => (s.deliveryMethod === 'dine_in' ? '/dine-in-menu/checkout' : '/checkout'));
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-3 px-4 py-10">
      <h1 className="font-extrabold text-3xl">Your cart</h1>
      <CartPanel checkoutTo={checkoutTo} />
    </section>
  );
}
