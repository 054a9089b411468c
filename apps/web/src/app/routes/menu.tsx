import { MenuRoute } from '../menu-route';

export { restaurantFromUrlLoader as loader } from '../catalogue-routes';

/** /menu: online ordering, at online prices. */
export function Component() {
  return <MenuRoute channel="online" />;
}
