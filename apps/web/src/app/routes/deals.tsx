import { DealsRoute } from '../catalogue-routes';

export { restaurantFromUrlLoader as loader } from '../catalogue-routes';

export function Component() {
  return <DealsRoute channel="online" />;
}
