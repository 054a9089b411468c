import type { ZonedParts } from '../rules/zoned-time.js';
import { assertCents, assertInteger } from './money.js';
import type { CouponRejectionReason, PricingLineInput, PricingMethod, PromotionRules } from './types.js';

/** What the conditions of coupons and offers are checked against. */
export interface RuleFacts {
  /** The cart's restaurant (a cart holds one restaurant's items). */
  restaurant_id: number | null;
  method: PricingMethod;
  local: ZonedParts;
  cash_on_delivery: boolean;
  /** Σ item_total before any discount. */
  subtotal: number;
}

const localDate = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const localDateTime = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;
const clock = /^([01]\d|2[0-3]):[0-5]\d$/;
const methods: readonly PricingMethod[] = ['pickup', 'delivery', 'dine_in'];

/** A local bound as 'YYYY-MM-DDTHH:MM': a bare date starts at 00:00, or ends at 23:59. */
function bound(value: string, what: string, edge: 'start' | 'end'): string {
  if (localDateTime.test(value)) return value;
  if (localDate.test(value)) return `${value}T${edge === 'start' ? '00:00' : '23:59'}`;
  throw new RangeError(`${what} must be 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM', got ${value}`);
}

function clockTime(value: string, what: string): string {
  if (!clock.test(value)) throw new RangeError(`${what} must be 'HH:MM', got ${value}`);
  return value;
}

function ids(values: readonly number[], what: string): readonly number[] {
  for (const id of values) assertInteger(id, what, 0);
  return values;
}

/** Throws a RangeError for conditions that are malformed (bad dates, weekdays, methods, amounts). */
export function assertPromotionRules(rules: PromotionRules, what: string): void {
  if (rules.valid_from != null) bound(rules.valid_from, `${what} valid_from`, 'start');
  if (rules.valid_until != null) bound(rules.valid_until, `${what} valid_until`, 'end');
  if (rules.daily_from != null) clockTime(rules.daily_from, `${what} daily_from`);
  if (rules.daily_until != null) clockTime(rules.daily_until, `${what} daily_until`);
  for (const day of rules.days_of_week ?? []) assertInteger(day, `${what} day of week`, 0, 6);
  for (const method of rules.methods ?? []) {
    if (!methods.includes(method)) throw new RangeError(`${what} method must be one of ${methods.join(', ')}`);
  }
  ids(rules.restaurant_ids ?? [], `${what} restaurant id`);
  if (rules.min_spend_cents != null) assertCents(rules.min_spend_cents, `${what} min_spend_cents`);
}

const listed = (list: readonly number[] | null | undefined) => list != null && list.length > 0;

/** The daily window holds the minute `time`; from > until wraps past midnight (22:00–02:00). */
export function inDailyWindow(rules: PromotionRules, time: string): boolean {
  if (rules.daily_from == null && rules.daily_until == null) return true;
  const from = rules.daily_from ?? '00:00';
  const until = rules.daily_until ?? '23:59';
  return from <= until ? from <= time && time <= until : time >= from || time <= until;
}

/**
 * The first condition of time and place that fails, or null: restaurant, method, dates, weekday,
 * daily hours. Customer, cash and spend conditions come after the coupon's own checks.
 */
export function whenAndWhereProblem(rules: PromotionRules, facts: RuleFacts): CouponRejectionReason | null {
  if (rules.is_active === false) return 'inactive';
  if (listed(rules.restaurant_ids) && !rules.restaurant_ids?.includes(facts.restaurant_id ?? -1)) {
    return 'wrong_restaurant';
  }
  if (rules.methods != null && rules.methods.length > 0 && !rules.methods.includes(facts.method)) return 'wrong_method';
  const now = `${facts.local.date}T${facts.local.time}`;
  if (rules.valid_from != null && now < bound(rules.valid_from, 'valid_from', 'start')) return 'not_started';
  if (rules.valid_until != null && now > bound(rules.valid_until, 'valid_until', 'end')) return 'expired';
  if (listed(rules.days_of_week) && !rules.days_of_week?.includes(facts.local.weekday)) return 'wrong_day';
  if (!inDailyWindow(rules, facts.local.time)) return 'outside_hours';
  return null;
}

/** Cash on delivery and minimum spend. */
export function orderProblem(rules: PromotionRules, facts: RuleFacts): CouponRejectionReason | null {
  if (rules.excludes_cash_on_delivery === true && facts.cash_on_delivery) return 'cash_on_delivery_excluded';
  if (rules.min_spend_cents != null && facts.subtotal < rules.min_spend_cents) return 'min_spend_not_met';
  return null;
}

/**
 * Item scope: no product or category list means every line; otherwise the line's own product or
 * category, or (half-and-half) either half's, must be listed. Deal and combo contents do not
 * match: a bundle has its own price. The restaurant scope applies to every line.
 */
export function lineInScope(
  rules: PromotionRules & { product_ids?: readonly number[] | null; category_ids?: readonly number[] | null },
  line: PricingLineInput,
): boolean {
  if (listed(rules.restaurant_ids) && !rules.restaurant_ids?.includes(line.restaurant_id)) return false;
  const products = rules.product_ids ?? [];
  const categories = rules.category_ids ?? [];
  if (products.length === 0 && categories.length === 0) return true;
  const matches = (productId: number | null | undefined, categoryId: number | null | undefined) =>
    (productId != null && products.includes(productId)) || (categoryId != null && categories.includes(categoryId));
  if (matches(line.product_id, line.category_id)) return true;
  return (
    line.kind === 'half_and_half' && (line.children ?? []).some((half) => matches(half.product_id, half.category_id))
  );
}
