import { Link } from '@/components/ui/link';
import { linkClass, primaryButton } from '@/components/ui/styles';
import { readLastOrder } from '@/features/checkout/lib/attempt';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Order placed' };

export function Component() {
  const order = readLastOrder();
  if (!order) {
    return (
      <section className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-16">
        <h1 className="font-extrabold text-3xl">Thank you</h1>
        <p className="text-stone-700">Your order details are in your confirmation email.</p>
        <Link to="/menu" className={`${linkClass} self-start`}>
          Back to the menu
        </Link>
      </section>
    );
  }
  // A guest's access credential is kept by the tab (decision 026): the link carries no token.
  const link = `/order-confirmation/${order.id}`;
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-16">
      <h1 className="font-extrabold text-3xl">Thank you for your order!</h1>
      <p className="text-lg">
        Your order number is <strong data-testid="order-number">#{order.orderNumber}</strong>.
      </p>
      <p className="text-stone-700">
        We have emailed you a confirmation{order.token ? ' with a link to follow your order' : ''}.
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <Link to={link} className={primaryButton}>
          Track your order
        </Link>
        <Link to="/menu" className={linkClass}>
          Back to the menu
        </Link>
      </div>
    </section>
  );
}
