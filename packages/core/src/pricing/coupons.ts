import { allocateProportionally, assertInteger, formatCents, percentageOfCents } from './money.js';
import { assertDiscount } from './offers.js';
import {
  assertPromotionRules,
  lineInScope,
  orderProblem,
  type RuleFacts,
  whenAndWhereProblem,
} from './promotion-rules.js';
import type {
  CouponRejection,
  CouponRejectionReason,
  PricingAdjustment,
  PricingCoupon,
  PricingCustomer,
  PricingMethod,
} from './types.js';
import { remaining, type WorkLine } from './work-line.js';

/** The spec's text (§8) for a code that does not exist or cannot be used at all. */
export const invalidCouponMessage = 'Invalid coupon code';

const methodNames: Record<PricingMethod, string> = { pickup: 'pickup', delivery: 'delivery', dine_in: 'dine-in' };
const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export interface MessageFormat {
  currency: string;
  locale: string;
}

/** The customer-facing message for a rejection; texts name the condition that failed. */
export function couponRejectionMessage(
  reason: CouponRejectionReason,
  coupon: PricingCoupon | null,
  format: MessageFormat = { currency: 'AUD', locale: 'en-AU' },
): string {
  switch (reason) {
    case 'not_found':
    case 'inactive':
      return invalidCouponMessage;
    case 'empty_cart':
      return 'Add items to your cart to use this coupon.';
    case 'wrong_restaurant':
      return 'This coupon is not valid at this restaurant.';
    case 'wrong_method':
      return `This coupon is only valid for ${(coupon?.methods ?? []).map((m) => methodNames[m]).join(' or ')}.`;
    case 'not_started':
      return 'This coupon is not valid yet.';
    case 'expired':
      return 'This coupon has expired.';
    case 'wrong_day': {
      // Monday first, Sunday last.
      const days = [...(coupon?.days_of_week ?? [])].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
      return `This coupon is only valid on ${days.map((d) => dayNames[d]).join(', ')}.`;
    }
    case 'outside_hours':
      return `This coupon is only valid between ${coupon?.daily_from ?? '00:00'} and ${coupon?.daily_until ?? '23:59'}.`;
    case 'first_order_only':
      return 'This coupon is only valid on your first order.';
    case 'usage_limit_reached':
      return 'This coupon has reached its usage limit.';
    case 'customer_limit_reached':
      return 'You have already used this coupon the maximum number of times.';
    case 'cash_on_delivery_excluded':
      return 'This coupon cannot be used with cash on delivery.';
    case 'min_spend_not_met':
      return `Spend at least ${formatCents(coupon?.min_spend_cents ?? 0, format.currency, format.locale)} to use this coupon.`;
    case 'no_eligible_items':
      return 'This coupon does not apply to the items in your cart.';
    case 'better_offer_applied':
      return 'A better offer is already applied to your cart.';
  }
}

/** Throws a RangeError for a malformed coupon. */
export function assertCoupon(coupon: PricingCoupon): void {
  assertInteger(coupon.id, 'coupon id', 0);
  const what = `coupon ${coupon.id}`;
  if (typeof coupon.code !== 'string') throw new RangeError(`${what} code must be a string`);
  assertDiscount(coupon.discount_type, coupon.value, coupon.max_discount_cents, what);
  assertPromotionRules(coupon, what);
  for (const id of [...(coupon.product_ids ?? []), ...(coupon.category_ids ?? [])]) assertInteger(id, `${what} id`, 0);
  if (coupon.usage_limit != null) assertInteger(coupon.usage_limit, `${what} usage_limit`, 0);
  if (coupon.times_used != null) assertInteger(coupon.times_used, `${what} times_used`, 0);
  if (coupon.per_customer_limit != null) assertInteger(coupon.per_customer_limit, `${what} per_customer_limit`, 0);
}

export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

/**
 * What the coupon takes off each line (aligned with `work`), on what the lines still cost.
 * Percentage: rounded half-up once per line; if the sum passes max_discount_cents, the cap is
 * spread over the lines in proportion to their uncapped discounts. Flat: the value, at most what
 * the matching lines cost and the cap, spread in proportion to what each line costs.
 */
export function couponShares(coupon: PricingCoupon, work: readonly WorkLine[]): number[] {
  const weights = work.map((w) => (lineInScope(coupon, w.line) ? remaining(w) : 0));
  const base = weights.reduce((sum, w) => sum + w, 0);
  const max = coupon.max_discount_cents ?? Number.POSITIVE_INFINITY;
  if (coupon.discount_type === 'percentage') {
    const perLine = weights.map((w) => percentageOfCents(w, coupon.value));
    const total = perLine.reduce((sum, d) => sum + d, 0);
    return total > max ? allocateProportionally(max, perLine) : perLine;
  }
  return allocateProportionally(Math.min(coupon.value, base, max), weights);
}

function percentLabel(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

function couponLabel(coupon: PricingCoupon, format: MessageFormat): string {
  const off =
    coupon.discount_type === 'percentage'
      ? percentLabel(coupon.value)
      : formatCents(coupon.value, format.currency, format.locale);
  return `${coupon.code}: ${off} off`;
}

interface Candidate {
  coupon: PricingCoupon;
  entered: boolean;
}

export interface CouponOutcome {
  adjustments: PricingAdjustment[];
  rejection: CouponRejection | null;
  autoRejections: CouponRejection[];
}

/**
 * Applies the entered coupon and the auto coupons (see docs/decisions/005-pricing-engine.md):
 * every valid non-stackable candidate competes and the one with the largest discount applies
 * (equal: the entered code, then the lower id); stackable candidates then apply on top, the entered
 * one first, then by id, each on what the lines still cost.
 */
export function applyCoupons(input: {
  code: string | null;
  coupons: readonly PricingCoupon[];
  work: readonly WorkLine[];
  facts: RuleFacts;
  customer: PricingCustomer;
  format: MessageFormat;
}): CouponOutcome {
  const { work, facts, customer, format } = input;
  const code = input.code == null ? '' : normaliseCouponCode(input.code);
  const reject = (c: Candidate | null, reason: CouponRejectionReason): CouponRejection => ({
    coupon_id: c?.coupon.id ?? null,
    code: c?.coupon.code ?? input.code?.trim() ?? '',
    reason,
    message: couponRejectionMessage(reason, c?.coupon ?? null, format),
  });
  const outcome: CouponOutcome = { adjustments: [], rejection: null, autoRejections: [] };
  const rejectCandidate = (c: Candidate, reason: CouponRejectionReason) => {
    if (c.entered) outcome.rejection = reject(c, reason);
    else outcome.autoRejections.push(reject(c, reason));
  };

  const candidates: Candidate[] = [];
  if (code !== '') {
    const matching = input.coupons.filter((c) => normaliseCouponCode(c.code) === code);
    if (matching.length > 1) throw new RangeError(`More than one coupon has the code ${code}`);
    const [entered] = matching;
    if (entered) candidates.push({ coupon: entered, entered: true });
    else outcome.rejection = reject(null, 'not_found');
  }
  const enteredId = candidates[0]?.coupon.id;
  for (const coupon of [...input.coupons].sort((a, b) => a.id - b.id)) {
    if (coupon.is_auto_coupon === true && coupon.id !== enteredId) candidates.push({ coupon, entered: false });
  }

  const gate = ({ coupon }: Candidate): CouponRejectionReason | null => {
    if (coupon.is_active === false) return 'inactive';
    if (work.length === 0) return 'empty_cart';
    const when = whenAndWhereProblem(coupon, facts);
    if (when) return when;
    if (coupon.first_order_only === true && customer.order_count > 0) return 'first_order_only';
    if (coupon.usage_limit != null && (coupon.times_used ?? 0) >= coupon.usage_limit) return 'usage_limit_reached';
    const uses = customer.coupon_uses[coupon.id] ?? 0;
    if (coupon.per_customer_limit != null && uses >= coupon.per_customer_limit) return 'customer_limit_reached';
    return orderProblem(coupon, facts);
  };

  const valid: { candidate: Candidate; amount: number }[] = [];
  for (const candidate of candidates) {
    const problem = gate(candidate);
    if (problem) {
      rejectCandidate(candidate, problem);
      continue;
    }
    const amount = couponShares(candidate.coupon, work).reduce((sum, s) => sum + s, 0);
    if (amount === 0) rejectCandidate(candidate, 'no_eligible_items');
    else valid.push({ candidate, amount });
  }

  const apply = (candidate: Candidate): boolean => {
    const { coupon } = candidate;
    const shares = couponShares(coupon, work);
    const amount = shares.reduce((sum, s) => sum + s, 0);
    if (amount === 0) return false;
    const lines: { line_id: number; amount: number }[] = [];
    work.forEach((w, i) => {
      const share = shares[i] ?? 0;
      if (share === 0) return;
      w.coupon_discount += share;
      w.coupon ??= { code: coupon.code, id: coupon.id, is_auto: coupon.is_auto_coupon === true };
      lines.push({ line_id: w.line.id, amount: -share });
    });
    outcome.adjustments.push({
      reason: coupon.is_auto_coupon === true && !candidate.entered ? 'auto_coupon' : 'coupon',
      source_id: coupon.id,
      code: coupon.code,
      label: couponLabel(coupon, format),
      amount: -amount,
      lines,
    });
    return true;
  };

  const exclusive = valid
    .filter((v) => v.candidate.coupon.stackable !== true)
    .sort(
      (a, b) =>
        b.amount - a.amount ||
        Number(b.candidate.entered) - Number(a.candidate.entered) ||
        a.candidate.coupon.id - b.candidate.coupon.id,
    );
  const [best, ...others] = exclusive;
  if (best) apply(best.candidate);
  for (const other of others) rejectCandidate(other.candidate, 'better_offer_applied');
  for (const { candidate } of valid.filter((v) => v.candidate.coupon.stackable === true)) {
    // Candidates are in order already: the entered code first, then auto coupons by id.
    if (!apply(candidate)) rejectCandidate(candidate, 'no_eligible_items');
  }
  return outcome;
}
