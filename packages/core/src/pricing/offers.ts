import { allocateProportionally, assertCents, assertInteger, percentageOfCents } from './money.js';
import {
  assertPromotionRules,
  lineInScope,
  orderProblem,
  type RuleFacts,
  whenAndWhereProblem,
} from './promotion-rules.js';
import type { BuyXGetYOffer, FreeItemOffer, OrderDiscountOffer, PricingAdjustment, PricingOffer } from './types.js';
import { remaining, type WorkLine } from './work-line.js';

/** Throws a RangeError for a malformed offer. */
export function assertOffer(offer: PricingOffer): void {
  const what = `offer ${String(offer.id)}`;
  assertInteger(offer.id, 'offer id', 0);
  assertPromotionRules(offer, what);
  for (const id of [...(offer.product_ids ?? []), ...(offer.category_ids ?? [])]) assertInteger(id, `${what} id`, 0);
  switch (offer.offer_type) {
    case 'free_item':
      assertInteger(offer.free_quantity, `${what} free_quantity`, 1);
      break;
    case 'buy_x_get_y':
      assertInteger(offer.buy_quantity, `${what} buy_quantity`, 1);
      assertInteger(offer.get_quantity, `${what} get_quantity`, 1);
      if (offer.get_discount_bp != null) assertInteger(offer.get_discount_bp, `${what} get_discount_bp`, 1, 10_000);
      if (offer.max_applications != null) assertInteger(offer.max_applications, `${what} max_applications`, 1);
      break;
    case 'order_discount':
      assertDiscount(offer.discount_type, offer.value, offer.max_discount_cents, what);
      break;
    default:
      throw new RangeError(`${what} has an unknown offer_type`);
  }
}

export function assertDiscount(type: string, value: number, max: number | null | undefined, what: string): void {
  if (type === 'flat') assertCents(value, `${what} value`);
  else if (type === 'percentage') assertInteger(value, `${what} value (basis points)`, 0, 10_000);
  else throw new RangeError(`${what} discount_type must be flat or percentage`);
  if (max != null) assertCents(max, `${what} max_discount_cents`);
}

const applies = (offer: PricingOffer, facts: RuleFacts) =>
  whenAndWhereProblem(offer, facts) === null && orderProblem(offer, facts) === null;

/**
 * Picks `count` units from the pool, cheapest first (equal prices: lower line id first, the pool
 * being sorted by id): the restaurant gives away its cheapest matching items, as is usual.
 */
function cheapestUnits(pool: readonly WorkLine[], count: number): Map<WorkLine, number> {
  const byPrice = [...pool].sort((a, b) => a.line.unit_price_cents - b.line.unit_price_cents || a.line.id - b.line.id);
  const picked = new Map<WorkLine, number>();
  let left = count;
  for (const w of byPrice) {
    if (left === 0) break;
    const units = Math.min(left, w.line.quantity);
    picked.set(w, units);
    left -= units;
  }
  return picked;
}

function itemOfferAdjustment(
  offer: FreeItemOffer | BuyXGetYOffer,
  pool: readonly WorkLine[],
  units: Map<WorkLine, number>,
  discountBp: number,
): PricingAdjustment | null {
  const shares: { line_id: number; amount: number }[] = [];
  for (const w of pool) {
    const count = units.get(w) ?? 0;
    if (count === 0) continue;
    // Rounded once per line, on all its discounted units together.
    const amount = percentageOfCents(count * w.line.unit_price_cents, discountBp);
    w.offer = { type: offer.offer_type, id: offer.id, units: count };
    w.offer_discount += amount;
    if (amount > 0) shares.push({ line_id: w.line.id, amount: -amount });
  }
  if (units.size === 0) return null;
  for (const w of pool) w.claimed = true;
  const total = shares.reduce((sum, s) => sum + s.amount, 0);
  if (total === 0) return null;
  return { reason: offer.offer_type, source_id: offer.id, code: null, label: offer.name, amount: total, lines: shares };
}

/**
 * Free item and buy-X-get-Y offers, on lines no earlier item offer has taken. Units are pooled over
 * all matching lines, so 'any 3 drinks' counts two colas and a lemonade.
 */
export function applyItemOffer(
  offer: FreeItemOffer | BuyXGetYOffer,
  work: readonly WorkLine[],
  facts: RuleFacts,
): PricingAdjustment | null {
  if (!applies(offer, facts)) return null;
  // Items that cost nothing already (a free sauce) neither count towards nor use up an offer.
  const pool = work.filter((w) => !w.claimed && w.line.unit_price_cents > 0 && lineInScope(offer, w.line));
  const units = pool.reduce((sum, w) => sum + w.line.quantity, 0);
  if (offer.offer_type === 'free_item') {
    return itemOfferAdjustment(offer, pool, cheapestUnits(pool, Math.min(units, offer.free_quantity)), 10_000);
  }
  let groups = Math.floor(units / (offer.buy_quantity + offer.get_quantity));
  if (offer.max_applications != null) groups = Math.min(groups, offer.max_applications);
  if (groups === 0) return null;
  return itemOfferAdjustment(
    offer,
    pool,
    cheapestUnits(pool, groups * offer.get_quantity),
    offer.get_discount_bp ?? 10_000,
  );
}

/**
 * An order-level discount: computed once on what the matching lines still cost (percentage rounded
 * half-up, flat capped at that amount, both capped by max_discount_cents), then spread over those
 * lines in proportion to what each still costs, remainder cents by the largest-remainder rule.
 */
export function applyOrderDiscount(
  offer: OrderDiscountOffer,
  work: readonly WorkLine[],
  facts: RuleFacts,
): PricingAdjustment | null {
  if (!applies(offer, facts)) return null;
  const pool = work.filter((w) => remaining(w) > 0 && lineInScope(offer, w.line));
  const weights = pool.map(remaining);
  const base = weights.reduce((sum, w) => sum + w, 0);
  let amount = offer.discount_type === 'flat' ? Math.min(offer.value, base) : percentageOfCents(base, offer.value);
  if (offer.max_discount_cents != null) amount = Math.min(amount, offer.max_discount_cents);
  if (amount === 0) return null;
  const shares = allocateProportionally(amount, weights);
  const lines = pool.map((w, i) => {
    const share = shares[i] ?? 0;
    w.order_discount += share;
    return { line_id: w.line.id, amount: -share };
  });
  return {
    reason: 'order_discount',
    source_id: offer.id,
    code: null,
    label: offer.name,
    amount: -amount,
    lines: lines.filter((l) => l.amount !== 0),
  };
}
