import { DealsRoute } from '../deals-route';

export { restaurantFromUrlLoader as loader } from '../catalogue-routes';

export function Component() {
  return <DealsRoute channel="online" />;
}
