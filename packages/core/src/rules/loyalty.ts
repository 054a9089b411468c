/**
 * Loyalty points (decision 018). Per-tenant rules: points earned per whole dollar spent, what
 * `redeem_points` points are worth (`redeem_value_cents`, e.g. 100 points = 500 cents), the fewest
 * points that can be redeemed at once, and expiry after months without activity.
 * Points are whole numbers; values are integer cents, always rounded down (never give away a cent
 * the rules do not).
 */

export interface LoyaltyRules {
  enabled: boolean;
  points_per_dollar: number;
  redeem_points: number;
  redeem_value_cents: number;
  min_redeem_points: number;
  /** 0 = points never expire. */
  expiry_months: number;
}

function whole(value: number, what: string) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number ≥ 0`);
  return value;
}

/** Points earned on `spentCents`: whole dollars only ($24.99 at 1 point per dollar earns 24). */
export function pointsEarned(rules: LoyaltyRules, spentCents: number): number {
  whole(spentCents, 'spent cents');
  if (!rules.enabled) return 0;
  return Math.floor(spentCents / 100) * rules.points_per_dollar;
}

/** What `points` are worth in cents (100 points at 100 = $5 are 500; 150 are 750). */
export function pointsValueCents(rules: LoyaltyRules, points: number): number {
  whole(points, 'points');
  if (rules.redeem_points <= 0) return 0;
  return Math.floor((points * rules.redeem_value_cents) / rules.redeem_points);
}

/** The most points worth no more than `cents`: a discount never exceeds the order's total. */
export function pointsForCents(rules: LoyaltyRules, cents: number): number {
  whole(cents, 'cents');
  if (rules.redeem_value_cents <= 0) return 0;
  return Math.floor((cents * rules.redeem_points) / rules.redeem_value_cents);
}

export type PointsProblem = 'disabled' | 'below_minimum' | 'insufficient';

export const pointsProblemMessages: Record<PointsProblem, string> = {
  disabled: 'Loyalty points are not available.',
  below_minimum: 'You need at least the minimum number of points to redeem.',
  insufficient: 'You do not have that many points.',
};

export interface PointsRedemption {
  /** Points actually taken (capped so the discount never exceeds the order). */
  points: number;
  cents: number;
}

/**
 * How many of the `requested` points an order of `orderCents` uses: capped at the points worth the
 * whole order, so a customer never spends points on nothing. Problems are the customer's to fix.
 */
export function redeemPoints(
  rules: LoyaltyRules,
  input: { requested: number; balance: number; orderCents: number },
): PointsRedemption | { problem: PointsProblem } {
  whole(input.requested, 'requested points');
  whole(input.balance, 'balance');
  whole(input.orderCents, 'order cents');
  if (input.requested === 0) return { points: 0, cents: 0 };
  if (!rules.enabled) return { problem: 'disabled' };
  if (input.requested < rules.min_redeem_points) return { problem: 'below_minimum' };
  if (input.requested > input.balance) return { problem: 'insufficient' };
  const points = Math.min(input.requested, pointsForCents(rules, input.orderCents));
  return { points, cents: pointsValueCents(rules, points) };
}

/** Adds whole calendar months in UTC, clamping the day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const at = new Date(iso);
  const day = at.getUTCDate();
  const target = new Date(at);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString();
}

/** When points of an account last active at `lastActivityAt` expire; null if they never do. */
export function pointsExpireAt(rules: LoyaltyRules, lastActivityAt: string): string | null {
  return rules.expiry_months > 0 ? addMonths(lastActivityAt, rules.expiry_months) : null;
}

export function pointsExpired(rules: LoyaltyRules, lastActivityAt: string, now: Date): boolean {
  const at = pointsExpireAt(rules, lastActivityAt);
  return at !== null && Date.parse(at) <= now.getTime();
}

/** The most points one staff adjustment may add or take (a typo guard, not a business limit). */
export const maxPointsAdjustment = 100_000;

/**
 * Whether a staff adjustment restarts the expiry clock (decision 021). It is not the customer's
 * activity (decision 018: earning or redeeming), so it never extends points already held; but points
 * given to an empty account start its clock, as a new account's first points do, so goodwill on a
 * long-idle account does not expire on the next read.
 */
export const adjustmentRestartsClock = (balanceBefore: number, points: number): boolean =>
  balanceBefore === 0 && points > 0;
