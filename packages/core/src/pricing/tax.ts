import { assertInteger, mulDivHalfUp } from './money.js';
import type { TaxMode } from './types.js';

/** Tax contained in a tax-inclusive amount: round(gross × rate / (10000 + rate)), half-up. */
export function inclusiveTaxCents(gross: number, rateBp: number): number {
  assertInteger(rateBp, 'tax rate (basis points)', 0, 10_000);
  return mulDivHalfUp(gross, rateBp, 10_000 + rateBp);
}

/** Tax added to a tax-exclusive amount: round(net × rate / 10000), half-up. */
export function exclusiveTaxCents(net: number, rateBp: number): number {
  assertInteger(rateBp, 'tax rate (basis points)', 0, 10_000);
  return mulDivHalfUp(net, rateBp, 10_000);
}

/** The tax of one line's amount after discounts, rounded once. */
export function lineTaxCents(amount: number, mode: TaxMode, rateBp: number): number {
  return mode === 'inclusive' ? inclusiveTaxCents(amount, rateBp) : exclusiveTaxCents(amount, rateBp);
}
