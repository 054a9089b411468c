import type { AttributeValue, MenuProduct, Modifier } from '../contract/catalogue.js';
import {
  halfAndHalfUnitPrice,
  itemUnitPrice,
  lineTotal,
  modifierSelectionProblems,
  type PricedModifier,
} from './catalogue-prices.js';

/** Priced from the menu of one channel (unit_price already is that channel's price). */
type PricedProduct = Pick<MenuProduct, 'id' | 'unit_price' | 'attributes' | 'modifier_groups' | 'is_half_and_half'>;

export interface ModifierPick {
  modifier_id: number;
  quantity: number;
  configuration_ids: readonly number[];
}

export interface ProductSelection {
  /** attribute id → chosen value id */
  attribute_values: Readonly<Record<number, number>>;
  /** Modifiers of the whole item (or of the first half, for half-and-half). */
  modifiers: readonly ModifierPick[];
  quantity: number;
  /** Half-and-half: the second half's product and its own modifiers. */
  second_half?: { product: PricedProduct; modifiers: readonly ModifierPick[] };
}

export interface ProductLinePrice {
  unit_price: number;
  total: number;
  /** Messages keyed by `attribute:<id>`, `modifiers:<group id>` or `half:<group id>`. */
  problems: Record<string, string>;
}

function findModifier(product: PricedProduct, id: number): { groupId: number; modifier: Modifier } | undefined {
  for (const group of product.modifier_groups) {
    const modifier = group.modifiers.find((m) => m.id === id);
    if (modifier) return { groupId: group.id, modifier };
  }
  return undefined;
}

function priceModifiers(product: PricedProduct, picks: readonly ModifierPick[], prefix: string) {
  const priced: PricedModifier[] = [];
  const picked: { groupId: number; unit_price: number; quantity: number; configurations: number[] }[] = [];
  const counts = new Map<number, number>();
  const problems: Record<string, string> = {};
  for (const pick of picks) {
    const found = findModifier(product, pick.modifier_id);
    if (!found) throw new RangeError(`Modifier ${pick.modifier_id} is not offered with this product`);
    const { modifier, groupId } = found;
    const configurations = pick.configuration_ids.map((cid) => {
      const config = modifier.configurations.find((c) => c.id === cid);
      if (!config) throw new RangeError(`Configuration ${cid} is not offered with modifier ${modifier.id}`);
      return config.price_adjustment;
    });
    if (!modifier.is_available) problems[`${prefix}:${groupId}`] = `${modifier.name} is not available`;
    if (pick.quantity > modifier.max_quantity) {
      problems[`${prefix}:${groupId}`] = `At most ${modifier.max_quantity} × ${modifier.name}`;
    }
    picked.push({ groupId, unit_price: modifier.unit_price, quantity: pick.quantity, configurations });
    counts.set(groupId, (counts.get(groupId) ?? 0) + pick.quantity);
  }
  // A group's free quantity (decision 038) makes its cheapest chosen options free; their
  // configurations are still charged.
  const freeLeft = new Map(product.modifier_groups.map((g) => [g.id, g.free_quantity ?? 0]));
  for (const pick of [...picked].sort((a, b) => a.unit_price - b.unit_price)) {
    const free = Math.min(freeLeft.get(pick.groupId) ?? 0, pick.quantity);
    freeLeft.set(pick.groupId, (freeLeft.get(pick.groupId) ?? 0) - free);
    if (free > 0) priced.push({ unit_price: 0, quantity: free, configuration_adjustments: pick.configurations });
    if (pick.quantity > free) {
      priced.push({
        unit_price: pick.unit_price,
        quantity: pick.quantity - free,
        configuration_adjustments: pick.configurations,
      });
    }
  }
  for (const [groupId, message] of Object.entries(
    modifierSelectionProblems(product.modifier_groups, (id) => counts.get(id) ?? 0),
  )) {
    problems[`${prefix}:${groupId}`] ??= message;
  }
  return { priced, problems };
}

/**
 * The price of one product line as chosen in the product dialog, and what still stops it from
 * being added (a required attribute or modifier group not satisfied). Unknown ids throw.
 */
export function priceProductLine(product: PricedProduct, selection: ProductSelection): ProductLinePrice {
  const problems: Record<string, string> = {};
  const adjustments: number[] = [];
  for (const attribute of product.attributes) {
    const valueId = selection.attribute_values[attribute.id];
    const value: AttributeValue | undefined = attribute.values.find((v) => v.id === valueId);
    if (valueId !== undefined && !value) throw new RangeError(`Value ${valueId} is not offered for ${attribute.id}`);
    if (!value) problems[`attribute:${attribute.id}`] = `Choose a ${attribute.display_name}`;
    else adjustments.push(value.price_adjustment);
  }

  const first = priceModifiers(product, selection.modifiers, 'modifiers');
  Object.assign(problems, first.problems);

  let unit: number;
  if (selection.second_half) {
    if (!product.is_half_and_half || !selection.second_half.product.is_half_and_half) {
      throw new RangeError('Both halves must be half-and-half products');
    }
    const second = priceModifiers(selection.second_half.product, selection.second_half.modifiers, 'half');
    Object.assign(problems, second.problems);
    unit = halfAndHalfUnitPrice({
      halves: [
        { base: product.unit_price, modifiers: first.priced },
        { base: selection.second_half.product.unit_price, modifiers: second.priced },
      ],
      attribute_adjustments: adjustments,
    });
  } else {
    unit = itemUnitPrice({ base: product.unit_price, attribute_adjustments: adjustments, modifiers: first.priced });
  }
  return { unit_price: unit, total: lineTotal(unit, selection.quantity), problems };
}
