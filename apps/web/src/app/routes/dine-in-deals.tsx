import { DealsRoute } from '../deals-route';

/** /dine-in-menu/deals: the deals at dine-in prices. */
export function Component() {
  return <DealsRoute channel="dine_in" />;
}
