import type { ComponentProps } from 'react';
import { onUse } from '@/lib/on-use';
import type { ProductDialog } from './product-dialog';

// Decision 035: the product sheet (its pricing rules, fields and Radix) stays off the first route.
// Choosing a product starts loading it and the sheet opens when it arrives; idle only prefetches.
// No product is open in the server's HTML, so both sides render nothing until then.
export const productDialog = onUse(() => import('./product-dialog'));

/** The product sheet, once loaded (props as `ProductDialog`'s). */
export function LazyProductDialog(props: ComponentProps<typeof ProductDialog>) {
  const module = productDialog.useModule();
  return module ? <module.ProductDialog {...props} /> : null;
}
