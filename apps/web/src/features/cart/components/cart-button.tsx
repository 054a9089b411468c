import { ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useCart } from '../api/get-cart';

// The panel (with its coupon form and zod) loads when the drawer first opens, not with the page.
const CartPanel = lazy(() => import('./cart-panel').then((m) => ({ default: m.CartPanel })));

/** The header's cart: its item count, opening a drawer with the cart. */
export function CartButton({ checkoutTo }: { checkoutTo?: string }) {
  const [open, setOpen] = useState(false);
  const { data } = useCart();
  const count = data?.item_count ?? 0;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <button
        type="button"
        onClick={() => setOpen(true)}
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
      <DialogContent className="p-5">
        <DialogTitle className="pr-10 font-bold text-xl">Your cart</DialogTitle>
        <DialogDescription className="sr-only">The items in your cart and their totals.</DialogDescription>
        <div className="mt-2 overflow-y-auto">
          <Suspense fallback={<p role="status">Loading your cart…</p>}>
            <CartPanel checkoutTo={checkoutTo} onCheckout={() => setOpen(false)} />
          </Suspense>
        </div>
        <Link to="/cart" onClick={() => setOpen(false)} className="mt-3 font-medium text-primary text-sm underline">
          View cart page
        </Link>
      </DialogContent>
    </Dialog>
  );
}
