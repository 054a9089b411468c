import { ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { onIdle } from '@/lib/idle';
import { useCart } from '../api/get-cart';

// Decision 035: the drawer (and Radix) stays off the first route; it loads when the page is idle
// after hydration or on first open. Closed, it renders nothing on the server or the client.
const loadCartDrawer = () => import('./cart-drawer');
const CartDrawer = lazy(() => loadCartDrawer().then((m) => ({ default: m.CartDrawer })));

/** The header's cart: its item count, opening a drawer with the cart. */
export function CartButton({ checkoutTo }: { checkoutTo?: string }) {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const { data } = useCart();
  const count = data?.item_count ?? 0;
  useEffect(() => onIdle(() => void loadCartDrawer()), []);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setEverOpened(true);
          setOpen(true);
        }}
        aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
        className="relative grid size-10 place-items-center rounded-full hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <ShoppingBag aria-hidden="true" className="size-5" />
        {count > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-primary px-1 font-bold text-white text-xs"
          >
            {count}
          </span>
        )}
      </button>
      {everOpened && (
        <Suspense fallback={null}>
          <CartDrawer open={open} onOpenChange={setOpen} checkoutTo={checkoutTo} />
        </Suspense>
      )}
    </>
  );
}
