import type { LoaderFunctionArgs } from 'react-router';
import { useCheckoutStore } from '@/features/checkout/stores/checkout-store';
import { MenuRoute } from '../catalogue-routes';

const tablePattern = /^[A-Za-z0-9-]{1,20}$/;

/** A table QR link (`?table=T4`) sets dine-in mode and the table before the page renders. */
export function loader({ request }: LoaderFunctionArgs) {
  const table = new URL(request.url).searchParams.get('table')?.trim();
  if (table && tablePattern.test(table)) useCheckoutStore.getState().startDineIn(table);
  return null;
}

/** /dine-in-menu: ordering at the table, at the restaurant's prices. */
export function Component() {
  const tableId = useCheckoutStore((s) => (s.deliveryMethod === 'dine_in' ? s.tableId : null));
  return (
    <MenuRoute
      channel="dine_in"
      title="Dine-in Menu"
      notice={
        tableId ? (
          <p className="w-fit rounded-full bg-primary-light px-3 py-1 font-semibold text-primary-dark">
            Ordering for table {tableId}
          </p>
        ) : (
          <p className="text-stone-700">Scan the QR code on your table to order to it.</p>
        )
      }
    />
  );
}
