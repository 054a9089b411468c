import { lazy, Suspense } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Link } from '@/components/ui/link';

// The panel (with its coupon form and zod) loads when the drawer first opens, not with the page.
const CartPanel = lazy(() => import('./cart-panel').then((m) => ({ default: m.CartPanel })));

/** The header cart's drawer (Radix: focus trapped, then given back to the cart button). */
export function CartDrawer({
  open,
  onOpenChange,
  checkoutTo,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  checkoutTo?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="p-5">
        <DialogTitle className="pr-10 font-bold text-xl">Your cart</DialogTitle>
        <DialogDescription className="sr-only">The items in your cart and their totals.</DialogDescription>
        <div className="mt-2 overflow-y-auto">
          <Suspense fallback={<p role="status">Loading your cart…</p>}>
            <CartPanel checkoutTo={checkoutTo} onCheckout={() => onOpenChange(false)} />
          </Suspense>
        </div>
        <Link
          to="/cart"
          onClick={() => onOpenChange(false)}
          className="mt-3 font-medium text-primary text-sm underline"
        >
          View cart page
        </Link>
      </DialogContent>
    </Dialog>
  );
}
