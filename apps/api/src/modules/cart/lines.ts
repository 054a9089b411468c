import {
  type BundleSlot,
  bundleUnitPrice,
  type Combos,
  type Deals,
  daypartSummary,
  inDaypart,
  type Menu,
  type MenuProduct,
  type ModifierPick,
  priceProductLine,
} from '@orderfront/core';
import type { CartItemsTable } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

export type Kind = CartItemsTable['kind'];

/** What the customer chose, stored as JSON on the line; prices come from the catalogue on every read. */
export interface CartSelection {
  configurations: { attribute_id: number; attribute_value_id: number }[];
  modifiers: ModifierPick[];
  portions?: { restaurant_product_id: number; product_id: number; modifiers: ModifierPick[] }[];
  children?: {
    slot_id: number;
    restaurant_product_id: number;
    product_id: number;
    /** Decision 048: which of the product's sizes, when the slot's choice names one. */
    size?: string;
    quantity: number;
  }[];
}

/** A cart line's choices without its row id: what an order keeps to put the line back (reorder). */
export type CartLineSource = Omit<StoredLine, 'id'>;

export interface StoredLine {
  id: number;
  restaurant_id: number;
  kind: Kind;
  restaurant_product_id: number | null;
  product_id: number | null;
  deal_id: number | null;
  combo_product_id: number | null;
  quantity: number;
  notes: string;
  selection: CartSelection;
}

export interface Catalogue {
  menu: Menu;
  deals: Deals;
  combos: Combos;
  /** When and where the line is ordered: a category's dayparts are checked in the restaurant's zone. */
  clock?: { now: Date; timezone: string };
}

export const bad = (message: string, fields?: Record<string, string>) => new AppError('bad_request', message, fields);

/** A cart_items row as the service reads it (its selection parsed). */
export const toStored = (row: Omit<StoredLine, 'selection'> & { selection: string }): StoredLine => ({
  id: row.id,
  restaurant_id: row.restaurant_id,
  kind: row.kind,
  restaurant_product_id: row.restaurant_product_id,
  product_id: row.product_id,
  deal_id: row.deal_id,
  combo_product_id: row.combo_product_id,
  quantity: row.quantity,
  notes: row.notes,
  selection: JSON.parse(row.selection) as CartSelection,
});

function productName(product: MenuProduct) {
  return product.products.name;
}

/** Resolves a stored line against the catalogue of one channel: its unit price and display parts. */
export function resolveLine(line: StoredLine, catalogue: Catalogue) {
  const { menu } = catalogue;
  const findProduct = (restaurantProductId: number | null, productId: number | null) => {
    const product = menu.products.find((p) => p.id === restaurantProductId && p.product_id === productId);
    if (!product) throw new AppError('not_found', 'Product not found');
    if (!product.is_available) throw new AppError('unprocessable', `${productName(product)} is not available`);
    const dayparts = menu.categories.find((c) => c.id === product.category_id)?.dayparts ?? [];
    if (catalogue.clock && !inDaypart(dayparts, catalogue.clock.now, catalogue.clock.timezone)) {
      throw new AppError(
        'unprocessable',
        `${productName(product)} is not available right now. ${daypartSummary(dayparts)} (restaurant time).`,
      );
    }
    return product;
  };

  if (line.kind === 'deal' || line.kind === 'combo') {
    const bundles =
      line.kind === 'deal'
        ? catalogue.deals.deals.map((d) => ({ ...d, slots: d.deal_component_types }))
        : catalogue.combos.combos.map((c) => ({ ...c, slots: c.combo_products }));
    const bundleId = line.kind === 'deal' ? line.deal_id : line.combo_product_id;
    const bundle = bundles.find((b) => b.id === bundleId);
    if (!bundle) throw new AppError('not_found', line.kind === 'deal' ? 'Deal not found' : 'Combo not found');
    if (!bundle.is_available) throw new AppError('unprocessable', `${bundle.name} is not available`);
    const children = line.selection.children ?? [];
    const extras: number[] = [];
    const described = children.map((child) => {
      const slot: BundleSlot | undefined = bundle.slots.find((s) => s.id === child.slot_id);
      if (!slot) throw bad(`${bundle.name} has no such choice`);
      const choice = slot.choices.find(
        (c) =>
          c.restaurant_product_id === child.restaurant_product_id &&
          c.product_id === child.product_id &&
          (c.size ?? null) === (child.size ?? null),
      );
      if (!choice) throw bad(`That item is not a choice for ${slot.name}`);
      if (!choice.is_available) throw new AppError('unprocessable', `${choice.name} is not available`);
      for (let i = 0; i < child.quantity; i++) extras.push(choice.extra_price);
      return { slot, choice, quantity: child.quantity };
    });
    for (const slot of bundle.slots) {
      const chosen = described.filter((d) => d.slot.id === slot.id).reduce((n, d) => n + d.quantity, 0);
      if (chosen !== slot.quantity) throw bad(`Choose ${slot.quantity} ${slot.name}`);
    }
    return {
      unit_price: bundleUnitPrice({ base: bundle.unit_price, extra_prices: extras }),
      name: bundle.name,
      image_url: bundle.image.image_url,
      category_id: null,
      bundle,
      children: described,
      product: null,
      halves: [] as MenuProduct[],
      modifiers: [] as ReturnType<typeof describeModifiers>,
      configurations: [] as ReturnType<typeof describeConfigurations>,
      portions: [] as { product: MenuProduct; modifiers: ReturnType<typeof describeModifiers> }[],
    };
  }

  const product = findProduct(line.restaurant_product_id, line.product_id);
  const attributeValues: Record<number, number> = {};
  for (const c of line.selection.configurations) {
    const attribute = product.attributes.find((a) => a.id === c.attribute_id);
    if (!attribute) throw bad('That option is not offered with this product');
    if (attributeValues[c.attribute_id] !== undefined) throw bad(`Choose one ${attribute.display_name}`);
    attributeValues[c.attribute_id] = c.attribute_value_id;
  }
  const portions = line.selection.portions;
  let halves: MenuProduct[] = [];
  let price: ReturnType<typeof priceProductLine>;
  try {
    if (line.kind === 'half_and_half') {
      if (portions?.length !== 2) throw bad('A half-and-half item needs two portions');
      const [first, second] = portions as [NonNullable<typeof portions>[0], NonNullable<typeof portions>[0]];
      if (first.restaurant_product_id !== product.id) throw bad('The first portion must be the product itself');
      const secondProduct = findProduct(second.restaurant_product_id, second.product_id);
      halves = [product, secondProduct];
      price = priceProductLine(product, {
        attribute_values: attributeValues,
        modifiers: first.modifiers,
        quantity: line.quantity,
        second_half: { product: secondProduct, modifiers: second.modifiers },
      });
    } else {
      price = priceProductLine(product, {
        attribute_values: attributeValues,
        modifiers: line.selection.modifiers,
        quantity: line.quantity,
      });
    }
  } catch (error) {
    if (error instanceof RangeError) throw bad(error.message);
    throw error;
  }
  const problems = Object.values(price.problems);
  if (problems.length > 0) throw bad(problems[0] as string, price.problems);
  return {
    unit_price: price.unit_price,
    name: productName(product),
    image_url: product.products.image.image_url,
    category_id: product.category_id,
    bundle: null,
    children: [],
    product,
    halves,
    modifiers: describeModifiers(product, line.selection.modifiers),
    configurations: describeConfigurations(product, attributeValues),
    portions:
      line.kind === 'half_and_half' && portions
        ? halves.map((half, i) => ({ product: half, modifiers: describeModifiers(half, portions[i]?.modifiers ?? []) }))
        : [],
  };
}

function describeModifiers(product: MenuProduct, picks: readonly ModifierPick[]) {
  return picks.flatMap((pick) => {
    const modifier = product.modifier_groups.flatMap((g) => g.modifiers).find((m) => m.id === pick.modifier_id);
    if (!modifier) return [];
    return [
      {
        quantity: pick.quantity,
        restaurant_product_modifiers: {
          id: modifier.id,
          modifier: { name: modifier.name },
          price: modifier.price,
          online_price: modifier.online_price,
          cart_modifier_configurations: modifier.configurations
            .filter((c) => pick.configuration_ids.includes(c.id))
            .map((c) => ({ id: c.id, name: c.name, price_adjustment: c.price_adjustment })),
        },
      },
    ];
  });
}

function describeConfigurations(product: MenuProduct, chosen: Record<number, number>) {
  return product.attributes.flatMap((attribute) => {
    const value = attribute.values.find((v) => v.id === chosen[attribute.id]);
    if (!value) return [];
    return [
      {
        attributes: { id: attribute.id, display_name: attribute.display_name },
        attribute_values: { id: value.id, display_value: value.display_value },
        price_adjustment: value.price_adjustment,
      },
    ];
  });
}
