/**
 * The catalogue's price rules, in integer cents: what one item, half-and-half pizza, deal or combo
 * costs before coupons, offers, tax and delivery (the cart's engine builds on these).
 * Pure and exact: every input must be a safe integer, else a RangeError.
 */

export type PriceChannel = 'online' | 'in_store' | 'dine_in';

function cents(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number of cents, got ${value}`);
  return value;
}

function count(value: number, what: string, min = 1): number {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${what} must be an integer ≥ ${min}`);
  return value;
}

const sum = (values: readonly number[], what: string) => values.reduce((total, v) => total + cents(v, what), 0);

/** DESIGN §4: online_price online, price in the restaurant (in-store and dine-in). */
export function channelPrice(item: { price: number; online_price: number }, channel: PriceChannel): number {
  return channel === 'online' ? cents(item.online_price, 'online_price') : cents(item.price, 'price');
}

export interface PricedModifier {
  /** The modifier's price on the channel. */
  unit_price: number;
  quantity: number;
  /** price_adjustment of each chosen configuration of this modifier, charged per quantity. */
  configuration_adjustments?: readonly number[];
}

/** Σ (modifier price + its configurations' adjustments) × modifier quantity. */
export function modifiersTotal(modifiers: readonly PricedModifier[]): number {
  return modifiers.reduce((total, m) => {
    const each = cents(m.unit_price, 'modifier price') + sum(m.configuration_adjustments ?? [], 'configuration');
    return total + each * count(m.quantity, 'modifier quantity');
  }, 0);
}

/** One item: base + attribute adjustments (e.g. size) + modifiers. Never below zero. */
export function itemUnitPrice(input: {
  base: number;
  attribute_adjustments: readonly number[];
  modifiers: readonly PricedModifier[];
}): number {
  const total =
    cents(input.base, 'base price') + sum(input.attribute_adjustments, 'attribute') + modifiersTotal(input.modifiers);
  return Math.max(0, total);
}

/**
 * Half-and-half: the dearer half's base price, plus the attribute adjustments chosen for the
 * whole item (one size for both halves), plus each half's own modifiers at their full price.
 */
export function halfAndHalfUnitPrice(input: {
  halves: readonly [HalfPrice, HalfPrice];
  attribute_adjustments: readonly number[];
}): number {
  const [a, b] = input.halves;
  const base = Math.max(cents(a.base, 'half base price'), cents(b.base, 'half base price'));
  const total =
    base + sum(input.attribute_adjustments, 'attribute') + modifiersTotal(a.modifiers) + modifiersTotal(b.modifiers);
  return Math.max(0, total);
}

export interface HalfPrice {
  base: number;
  modifiers: readonly PricedModifier[];
}

/** A deal or combo: its fixed price plus the surcharge of each chosen slot option. */
export function bundleUnitPrice(input: { base: number; extra_prices: readonly number[] }): number {
  return Math.max(0, cents(input.base, 'bundle price') + sum(input.extra_prices, 'extra price'));
}

/** The line: unit price × quantity. */
export function lineTotal(unitPrice: number, quantity: number): number {
  return cents(unitPrice, 'unit price') * count(quantity, 'quantity');
}

export interface SelectionGroup {
  id: number;
  name: string;
  min_select: number;
  max_select: number;
}

/**
 * Min/max rule of modifier groups: the chosen quantities of a group's options must add up to at
 * least min_select and at most max_select. Returns a message per group that breaks it.
 */
export function modifierSelectionProblems(
  groups: readonly SelectionGroup[],
  chosenCount: (groupId: number) => number,
): Record<number, string> {
  const problems: Record<number, string> = {};
  for (const group of groups) {
    const chosen = chosenCount(group.id);
    if (chosen < group.min_select) {
      problems[group.id] =
        group.min_select === group.max_select
          ? `Choose ${group.min_select} ${group.name}`
          : `Choose at least ${group.min_select} ${group.name}`;
    } else if (chosen > group.max_select) {
      problems[group.id] = `Choose up to ${group.max_select} ${group.name}`;
    }
  }
  return problems;
}
