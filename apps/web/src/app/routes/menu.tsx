import { MenuRoute } from '../catalogue-routes';

/** /menu: online ordering, at online prices. */
export function Component() {
  return <MenuRoute channel="online" />;
}
