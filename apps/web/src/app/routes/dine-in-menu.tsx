import type { LoaderFunctionArgs } from 'react-router';
import { useCheckoutStore } from '@/features/checkout/stores/checkout-store';
import { getRestaurants } from '@/features/restaurants/api/get-restaurants';
import { DineInClosedNotice } from '@/features/restaurants/components/dine-in-closed-notice';
import { useRestaurantStore } from '@/features/restaurants/stores/restaurant-store';
import { useConfigStore } from '@/features/settings/stores/config-store';
import { useRestaurantId } from '../catalogue-routes';
import { MenuRoute } from '../menu-route';

const tablePattern = /^[A-Za-z0-9-]{1,20}$/;

/**
 * A table's QR link (`?restaurant=12&table=T4`) sets dine-in mode, the table and the restaurant
 * before the page renders, so the diner never has to pick the restaurant they are sitting in.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const table = params.get('table')?.trim();
  if (table && tablePattern.test(table)) useCheckoutStore.getState().startDineIn(table);
  const restaurantId = Number(params.get('restaurant'));
  const store = useRestaurantStore.getState();
  if (
    Number.isSafeInteger(restaurantId) &&
    restaurantId > 0 &&
    store.selectedRestaurant?.restaurant.id !== restaurantId
  ) {
    // An unknown or closed restaurant in the link leaves the choice to the diner, as without one.
    const list = await getRestaurants(request.signal).catch(() => []);
    const entry = list.find((e) => e.restaurant.id === restaurantId);
    // At another restaurant than the last visit: that visit's cart does not come along.
    if (entry) store.switchRestaurant(entry);
  }
  return null;
}

/** /dine-in-menu: ordering at the table, at the restaurant's prices. */
export function Component() {
  const tableId = useCheckoutStore((s) => (s.deliveryMethod === 'dine_in' ? s.tableId : null));
  const restaurantId = useRestaurantId();
  const switchedOff = useConfigStore(
    (s) => s.webSettings?.restaurant_id === restaurantId && s.webSettings?.ordering?.methods.dine_in === false,
  );
  return (
    <MenuRoute
      channel="dine_in"
      title="Dine-in Menu"
      notice={
        <>
          {tableId ? (
            <p className="w-fit rounded-full bg-primary-light px-3 py-1 font-semibold text-primary-dark">
              Ordering for table {tableId}
            </p>
          ) : (
            <p className="text-stone-700">Scan the QR code on your table to order to it.</p>
          )}
          {restaurantId !== null && <DineInClosedNotice restaurantId={restaurantId} switchedOff={switchedOff} />}
        </>
      }
    />
  );
}
