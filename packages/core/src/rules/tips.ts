import { maxCustomTipCents, type TipChoice, type TipSettings } from '../contract/tips.js';

export type TipOutcome = { ok: true; cents: number } | { ok: false; message: string };

/**
 * The tip in cents for a choice (decision 040): a preset percentage of what the order costs (after
 * discounts and points; the tip itself is never discounted), rounded half up, or a custom amount
 * when the business allows it. Refused when tips are off for the method.
 */
export function tipCents(
  choice: TipChoice | undefined,
  orderTotalCents: number,
  settings: TipSettings,
  method: keyof TipSettings['methods'],
): TipOutcome {
  if (!choice || ('amount' in choice && choice.amount === 0)) return { ok: true, cents: 0 };
  if (!settings.methods[method]) return { ok: false, message: 'Tips are not offered for this order' };
  if ('percent' in choice) {
    if (!settings.presets.includes(choice.percent)) return { ok: false, message: 'Choose one of the tips offered' };
    return { ok: true, cents: Math.floor((orderTotalCents * choice.percent * 2 + 100) / 200) };
  }
  if (!settings.allow_custom) return { ok: false, message: 'Custom tips are not offered' };
  // The contract already caps it; a pure rule holds on its own (decision 040).
  if (!Number.isInteger(choice.amount) || choice.amount < 0 || choice.amount > maxCustomTipCents) {
    return { ok: false, message: 'A tip can be at most $500' };
  }
  return { ok: true, cents: choice.amount };
}

/**
 * The tax inside a tip (decision 044): none unless the business's tips bear tax; otherwise the tip
 * is what the customer pays and the tax is part of it at the business's rate, in either tax mode
 * (tax is never added on top of a tip): tip × rate ÷ (1 + rate), rounded half up, in whole cents.
 */
export function tipTaxCents(tipCents: number, rateBasisPoints: number, taxed: boolean): number {
  if (!taxed || tipCents <= 0 || rateBasisPoints <= 0) return 0;
  const denominator = 10_000 + rateBasisPoints;
  return Math.floor((tipCents * rateBasisPoints * 2 + denominator) / (2 * denominator));
}
