import { MenuRoute } from '../menu-route';

export { restaurantFromUrlLoader as loader } from '../catalogue-routes';

/** /instore-menu: for screens and QR codes inside the restaurant, at in-store prices. */
export function Component() {
  return <MenuRoute channel="in_store" title="In-store Menu" />;
}
