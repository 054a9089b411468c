import { CartPanel } from '@/features/cart/components/cart-panel';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Cart' };

export function Component() {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-3 px-4 py-10">
      <h1 className="font-extrabold text-3xl">Your cart</h1>
      <CartPanel />
    </section>
  );
}
