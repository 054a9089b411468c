/**
 * Exact integer-cent arithmetic for the pricing engine. Products of two amounts can pass 2^53, so
 * every multiply-then-divide goes through BigInt; results are back in safe integers.
 */

/** A non-negative whole number of cents (or of anything counted), else a RangeError naming it. */
export function assertCents(value: number, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative whole number of cents, got ${String(value)}`);
  }
  return value;
}

/** A whole number in [min, max], else a RangeError naming it. */
export function assertInteger(value: number, what: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`${what} must be a whole number from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}

function toSafe(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${what} is too large`);
  return Number(value);
}

/** round(a × b / c), halves rounded up (away from zero: every operand is non-negative). */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  assertCents(a, 'amount');
  assertCents(b, 'factor');
  assertInteger(c, 'divisor', 1);
  const big = BigInt(a) * BigInt(b) * 2n + BigInt(c);
  return toSafe(big / (BigInt(c) * 2n), 'result');
}

/** The share of `amount` given by a percentage in basis points (1000 = 10%), rounded half-up. */
export function percentageOfCents(amount: number, basisPoints: number): number {
  assertInteger(basisPoints, 'percentage (basis points)', 0, 10_000);
  return mulDivHalfUp(amount, basisPoints, 10_000);
}

/**
 * Splits `total` cents over `weights` in proportion (largest-remainder method): each share is
 * floor(total × w / Σw), and the cents left over go one each to the largest remainders; equal
 * remainders go to the earlier index, so the caller's order (the engine sorts by line id) makes it
 * deterministic. Shares add up to `total` exactly and no share exceeds its weight.
 */
export function allocateProportionally(total: number, weights: readonly number[]): number[] {
  assertCents(total, 'amount to allocate');
  const sumWeights = weights.reduce((sum, w) => sum + assertCents(w, 'weight'), 0);
  if (total === 0) return weights.map(() => 0);
  if (total > sumWeights) throw new RangeError(`Cannot allocate ${total} over weights adding up to ${sumWeights}`);
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sumWeights);
  const shares = weights.map((w) => Number((bigTotal * BigInt(w)) / bigSum));
  const remainders = weights.map((w) => (bigTotal * BigInt(w)) % bigSum);
  let left = total - shares.reduce((sum, s) => sum + s, 0);
  const order = weights
    .map((_, index) => index)
    .sort((a, b) => {
      const ra = remainders[a] ?? 0n;
      const rb = remainders[b] ?? 0n;
      return ra === rb ? a - b : ra > rb ? -1 : 1;
    });
  for (const index of order) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

const formatters = new Map<string, { format: Intl.NumberFormat; digits: number; known: Map<number, string> }>();

/**
 * Money for customer-facing messages, in the tenant's currency and locale ($30.00 in en-AU). Every
 * cart pricing labels its coupons and offers with the same few amounts: each is formatted once.
 */
export function formatCents(cents: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let entry = formatters.get(key);
  if (!entry) {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    entry = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2, known: new Map() };
    formatters.set(key, entry);
  }
  let text = entry.known.get(cents);
  if (text === undefined) {
    text = entry.format.format(cents / 10 ** entry.digits);
    if (entry.known.size >= 1000) entry.known.clear();
    entry.known.set(cents, text);
  }
  return text;
}

/** Cents as a plain decimal string ("12.50", "-2.50"): CSV cells and schema.org prices. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
