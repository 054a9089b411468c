/**
 * Best sellers from order history (decision 020): what each restaurant actually sold over a
 * window, counted per restaurant product, and the few that sold most.
 */

export interface BestSellerRules {
  /** The last this many days of orders count. */
  windowDays: number;
  /** A restaurant needs this many sold orders in the window before history replaces its flags. */
  minOrders: number;
  /** A product must have sold at least this many units in the window. */
  minUnits: number;
  /** At most this many best sellers per restaurant. */
  limit: number;
}

export const bestSellerRules: BestSellerRules = { windowDays: 30, minOrders: 10, minUnits: 3, limit: 8 };

/** A line of an order as its snapshot keeps the cart's choices. */
export interface SoldLine {
  kind: 'product' | 'half_and_half' | 'deal' | 'combo';
  restaurant_product_id: number | null;
  quantity: number;
  selection?: {
    portions?: readonly { restaurant_product_id: number }[];
    children?: readonly { restaurant_product_id: number; quantity: number }[];
  };
}

/**
 * Adds the units each line sold to `units` (restaurant product id → units). A product counts its
 * quantity; a half-and-half item counts half a unit for each half; a deal or combo counts every
 * item chosen for it (a pizza sold in a deal is a pizza sold), never the bundle itself.
 */
export function addUnitsSold(units: Map<number, number>, lines: Iterable<SoldLine>): Map<number, number> {
  const add = (id: number | null | undefined, n: number) => {
    if (typeof id === 'number' && Number.isFinite(n) && n > 0) units.set(id, (units.get(id) ?? 0) + n);
  };
  for (const line of lines) {
    const quantity = line.quantity;
    if (line.kind === 'product') add(line.restaurant_product_id, quantity);
    else if (line.kind === 'half_and_half') {
      for (const half of line.selection?.portions ?? []) add(half.restaurant_product_id, quantity / 2);
    } else {
      for (const child of line.selection?.children ?? []) add(child.restaurant_product_id, quantity * child.quantity);
    }
  }
  return units;
}

/**
 * The best sellers among `units`: most units first, ties to the lower id (so every run and every
 * process chooses the same), only those with at least `minUnits`, at most `limit`.
 */
export function chooseBestSellers(
  units: ReadonlyMap<number, number>,
  rules: Pick<BestSellerRules, 'minUnits' | 'limit'> = bestSellerRules,
): number[] {
  return [...units]
    .filter(([, n]) => n >= rules.minUnits)
    .sort(([idA, a], [idB, b]) => b - a || idA - idB)
    .slice(0, rules.limit)
    .map(([id]) => id);
}
