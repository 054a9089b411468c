import type { AddComboToCart, AddDealToCart, BundleSlot, CartChildInput } from '@orderfront/core';

export type BundleKind = 'deal' | 'combo';

/**
 * slot id → the choice (its index in the slot's choices) for each of its `quantity` places (null:
 * not yet). An index, not the product: a slot may offer one product at two sizes (decision 048).
 */
export type SlotPicks = Readonly<Record<number, readonly (number | null)[]>>;

export function emptySlotPicks(slots: readonly BundleSlot[]): SlotPicks {
  return Object.fromEntries(slots.map((s) => [s.id, Array.from({ length: s.quantity }, () => null)]));
}

/** What a choice is called in the dialog: 'Margherita (Large)'. */
export const choiceName = (c: BundleSlot['choices'][number]) => (c.size ? `${c.name} (${c.size})` : c.name);

export function extraPrices(slots: readonly BundleSlot[], picks: SlotPicks): number[] {
  return slots.flatMap((slot) =>
    (picks[slot.id] ?? []).map((index) => (index === null ? 0 : (slot.choices[index]?.extra_price ?? 0))),
  );
}

export const isComplete = (slots: readonly BundleSlot[], picks: SlotPicks) =>
  slots.every((s) => (picks[s.id] ?? []).length === s.quantity && (picks[s.id] ?? []).every((p) => p !== null));

/** The spec §7 POST /v2/cart body of a deal (deal_id) or combo (combo_product_id) with its children. */
export function bundleCartPayload(input: {
  kind: BundleKind;
  restaurantId: number;
  bundleId: number;
  slots: readonly BundleSlot[];
  picks: SlotPicks;
  quantity: number;
  notes: string;
}): AddDealToCart | AddComboToCart {
  const children: CartChildInput[] = [];
  for (const slot of input.slots) {
    const counts = new Map<number, number>();
    for (const index of input.picks[slot.id] ?? []) if (index !== null) counts.set(index, (counts.get(index) ?? 0) + 1);
    for (const [index, quantity] of counts) {
      const choice = slot.choices[index];
      if (!choice) continue;
      children.push({
        ...(input.kind === 'deal' ? { deal_component_type_id: slot.id } : { combo_product_slot_id: slot.id }),
        restaurant_product_id: choice.restaurant_product_id,
        product_id: choice.product_id,
        ...(choice.size ? { size: choice.size } : {}),
        quantity,
      });
    }
  }
  const common = { restaurant_id: input.restaurantId, quantity: input.quantity, notes: input.notes.trim(), children };
  return input.kind === 'deal'
    ? { ...common, deal_id: input.bundleId }
    : { ...common, combo_product_id: input.bundleId };
}
