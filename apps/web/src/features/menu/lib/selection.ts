import type { AddProductPayload, CartModifierInput, MenuProduct, ModifierPick } from '@orderfront/core';

/** Chosen modifiers of an item or half: modifier id → quantity and chosen configuration. */
export type Picks = ReadonlyMap<number, { quantity: number; configuration_id: number | null }>;

export function toModifierPicks(picks: Picks): ModifierPick[] {
  return [...picks].map(([modifier_id, p]) => ({
    modifier_id,
    quantity: p.quantity,
    configuration_ids: p.configuration_id === null ? [] : [p.configuration_id],
  }));
}

function toCartModifiers(picks: Picks): CartModifierInput[] {
  return [...picks].map(([modifier_id, p]) => ({
    modifier_id,
    quantity: p.quantity,
    configurations: p.configuration_id === null ? [] : [{ configuration_id: p.configuration_id }],
  }));
}

export function defaultAttributeValues(product: MenuProduct): Record<number, number> {
  const chosen: Record<number, number> = {};
  for (const attribute of product.attributes) {
    const value = attribute.values.find((v) => v.is_default) ?? attribute.values[0];
    if (value) chosen[attribute.id] = value.id;
  }
  return chosen;
}

/**
 * The body of spec §7 `POST /v2/cart` for a product: the size and other attributes with their
 * price_adjustment, the modifiers with their configurations, and for half-and-half the two
 * portions, each with its own modifiers. The cart adds user_id or guest_id.
 */
export function productCartPayload(input: {
  restaurantId: number;
  product: MenuProduct;
  attributeValues: Readonly<Record<number, number>>;
  picks: Picks;
  quantity: number;
  notes: string;
  secondHalf?: { product: MenuProduct; picks: Picks };
}): AddProductPayload {
  const { product, secondHalf } = input;
  const configurations = product.attributes.flatMap((attribute) => {
    const value = attribute.values.find((v) => v.id === input.attributeValues[attribute.id]);
    return value
      ? [{ attribute_id: attribute.id, attribute_value_id: value.id, price_adjustment: value.price_adjustment }]
      : [];
  });
  const base = {
    restaurant_id: input.restaurantId,
    restaurant_product_id: product.id,
    product_id: product.product_id,
    quantity: input.quantity,
    notes: input.notes.trim(),
    configurations,
  };
  if (!secondHalf) return { ...base, is_half_and_half: false, modifiers: toCartModifiers(input.picks) };
  return {
    ...base,
    is_half_and_half: true,
    modifiers: [],
    portions: [
      { restaurant_product_id: product.id, product_id: product.product_id, modifiers: toCartModifiers(input.picks) },
      {
        restaurant_product_id: secondHalf.product.id,
        product_id: secondHalf.product.product_id,
        modifiers: toCartModifiers(secondHalf.picks),
      },
    ],
  };
}
