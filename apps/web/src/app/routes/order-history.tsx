import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { linkClass } from '@/components/ui/styles';
import { refetchCarts } from '@/features/cart/api/get-cart';
import { OrderHistory } from '@/features/orders/components/order-history';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { toast } from '@/lib/toast';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Order history' };

export function Component() {
  const userId = useAuthStore((s) => (selectIsLoggedIn(s) ? (s.user?.id ?? null) : null));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-10">
      <h1 className="font-extrabold text-3xl">Order history</h1>
      {userId === null ? (
        <p className="text-stone-700">
          <Link to="/login" state={{ from: '/order-history' }} className={linkClass}>
            Sign in
          </Link>{' '}
          to see your orders.
        </p>
      ) : (
        <OrderHistory
          userId={userId}
          onReordered={async ({ added, skipped }) => {
            await refetchCarts(queryClient);
            if (skipped.length) toast.warning(`Not available any more: ${skipped.join(', ')}`);
            if (added > 0) navigate('/cart');
          }}
        />
      )}
    </section>
  );
}
