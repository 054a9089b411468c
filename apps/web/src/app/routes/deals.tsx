import { DealsRoute } from '../catalogue-routes';

export function Component() {
  return <DealsRoute channel="online" />;
}
