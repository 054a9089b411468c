import { type ComponentProps, lazy, Suspense, useEffect } from 'react';
import { onIdle } from '@/lib/idle';

// Decision 035: the product sheet (its pricing rules, fields and Radix) stays off the first route.
// It loads when the page is idle after hydration or when a product is first chosen; no product is
// open in the server's HTML, so both sides render nothing until then.
const loadProductDialog = () => import('./product-dialog');
const ProductDialog = lazy(() => loadProductDialog().then((m) => ({ default: m.ProductDialog })));

/** Starts loading the product sheet once the page is idle. */
export function usePreloadProductDialog() {
  useEffect(() => onIdle(() => void loadProductDialog()), []);
}

/** The product sheet, loaded on first use (props as `ProductDialog`'s). */
export function LazyProductDialog(props: ComponentProps<typeof ProductDialog>) {
  return (
    <Suspense fallback={null}>
      <ProductDialog {...props} />
    </Suspense>
  );
}
