import { useState } from 'react';
import { icon } from '@/components/ui/icon';
import { onUse } from '@/lib/on-use';
import { useCart } from '../api/get-cart';

const ShoppingBag = icon([
  ['path', { d: 'M16 10a4 4 0 0 1-8 0' }],
  ['path', { d: 'M3.103 6.034h17.794' }],
  [
    'path',
    {
      d: 'M3.4 5.467a2 2 0 0 0-.4 1.2V20a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6.667a2 2 0 0 0-.4-1.2l-2-2.667A2 2 0 0 0 17 2H7a2 2 0 0 0-1.6.8z',
    },
  ],
]);

// Decision 035: the drawer (and Radix) stays off the first route; the first tap on the cart loads
// it and it opens when it arrives (idle only prefetches). Closed, it renders nothing on the server
// or the client.
const drawer = onUse(() => import('./cart-drawer'));

/** The header's cart: its item count, opening a drawer with the cart. */
export function CartButton({ checkoutTo }: { checkoutTo?: string }) {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const { data } = useCart();
  const count = data?.item_count ?? 0;
  drawer.usePrefetchWhenIdle();
  const loaded = drawer.useModule(everOpened);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          void drawer.load();
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
      {loaded && <loaded.CartDrawer open={open} onOpenChange={setOpen} checkoutTo={checkoutTo} />}
    </>
  );
}
