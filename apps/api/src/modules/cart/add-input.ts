import {
  type AddComboToCart,
  type AddDealToCart,
  type AddProductToCart,
  addComboToCartSchema,
  addDealToCartSchema,
  addProductToCartSchema,
  type ModifierPick,
} from '@orderfront/core';
import { bad, type CartLineSource } from './lines.js';

export type AddToCart = AddProductToCart | AddDealToCart | AddComboToCart;

const toPicks = (modifiers: AddProductToCart['modifiers']): ModifierPick[] =>
  modifiers.map((m) => ({
    modifier_id: m.modifier_id,
    quantity: m.quantity,
    configuration_ids: m.configurations.map((c) => c.configuration_id),
  }));

function zodFields(
  issues: readonly { path: readonly PropertyKey[]; message: string; code: string; keys?: string[] }[],
) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) fields[base ? `${base}.${key}` : key] = 'Unknown field';
    } else fields[base || 'request'] = issue.message;
  }
  return fields;
}

/** Picks the spec §7 variant by its id field and validates it (unknown fields name themselves). */
export function parseAddBody(body: unknown): AddToCart {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw bad('Request body must be an object');
  const schema =
    'deal_id' in body
      ? addDealToCartSchema
      : 'combo_product_id' in body
        ? addComboToCartSchema
        : addProductToCartSchema;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw bad('Invalid request', zodFields(parsed.error.issues as never));
  return parsed.data;
}

/** The line an add call stores: the customer's choices, never their prices. */
export function lineOf(input: AddToCart): CartLineSource {
  if ('deal_id' in input || 'combo_product_id' in input) {
    const isDeal = 'deal_id' in input;
    const children = input.children.map((c) => {
      const slotId = isDeal ? c.deal_component_type_id : c.combo_product_slot_id;
      if (slotId === undefined) {
        throw bad('Invalid request', {
          [isDeal ? 'children.deal_component_type_id' : 'children.combo_product_slot_id']: 'Required',
        });
      }
      return {
        slot_id: slotId,
        restaurant_product_id: c.restaurant_product_id,
        product_id: c.product_id,
        ...(c.size ? { size: c.size } : {}),
        quantity: c.quantity,
      };
    });
    return {
      restaurant_id: input.restaurant_id,
      kind: isDeal ? 'deal' : 'combo',
      restaurant_product_id: null,
      product_id: null,
      deal_id: isDeal ? input.deal_id : null,
      combo_product_id: isDeal ? null : (input as AddComboToCart).combo_product_id,
      quantity: input.quantity,
      notes: input.notes.trim(),
      selection: { configurations: [], modifiers: [], children },
    };
  }
  if (input.is_half_and_half !== (input.portions !== undefined)) {
    throw bad('A half-and-half item needs its two portions', { portions: 'Required with is_half_and_half' });
  }
  return {
    restaurant_id: input.restaurant_id,
    kind: input.is_half_and_half ? 'half_and_half' : 'product',
    restaurant_product_id: input.restaurant_product_id,
    product_id: input.product_id,
    deal_id: null,
    combo_product_id: null,
    quantity: input.quantity,
    notes: input.notes.trim(),
    selection: {
      // Client prices (price_adjustment) are ignored: the catalogue's are used.
      configurations: input.configurations.map((c) => ({
        attribute_id: c.attribute_id,
        attribute_value_id: c.attribute_value_id,
      })),
      modifiers: toPicks(input.modifiers),
      ...(input.portions
        ? {
            portions: input.portions.map((p) => ({
              restaurant_product_id: p.restaurant_product_id,
              product_id: p.product_id,
              modifiers: toPicks(p.modifiers),
            })),
          }
        : {}),
    },
  };
}
