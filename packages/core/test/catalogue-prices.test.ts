import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bundleUnitPrice,
  channelPrice,
  halfAndHalfUnitPrice,
  itemUnitPrice,
  lineTotal,
  type MenuProduct,
  modifierSelectionProblems,
  modifiersTotal,
  priceProductLine,
} from '../src/index.js';

const money = fc.integer({ min: 0, max: 100_000 });
const qty = fc.integer({ min: 1, max: 20 });
const modifier = fc.record({
  unit_price: money,
  quantity: qty,
  configuration_adjustments: fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 3 }),
});

describe('channel prices', () => {
  it('online uses online_price ($21.50); in-store and dine-in use price ($19.00)', () => {
    const item = { price: 1900, online_price: 2150 };
    expect(channelPrice(item, 'online')).toBe(2150);
    expect(channelPrice(item, 'in_store')).toBe(1900);
    expect(channelPrice(item, 'dine_in')).toBe(1900);
  });

  it('refuses fractional cents', () => {
    expect(() => channelPrice({ price: 19.5, online_price: 2000 }, 'dine_in')).toThrow(RangeError);
  });
});

describe('item price', () => {
  it('$18.00 large (+$4.00) with 2 × extra cheese at $2.50 (+$1.00 buffalo) → $29.00 each, × 3 → $87.00', () => {
    const unit = itemUnitPrice({
      base: 1800,
      attribute_adjustments: [400],
      modifiers: [{ unit_price: 250, quantity: 2, configuration_adjustments: [100] }],
    });
    expect(unit).toBe(2900);
    expect(lineTotal(unit, 3)).toBe(8700);
  });

  it('a small size can take money off but never below $0.00', () => {
    expect(itemUnitPrice({ base: 1800, attribute_adjustments: [-300], modifiers: [] })).toBe(1500);
    expect(itemUnitPrice({ base: 200, attribute_adjustments: [-300], modifiers: [] })).toBe(0);
  });

  it('line = (base + attributes + Σ modifiers) × quantity, for any integers', () => {
    fc.assert(
      fc.property(
        money,
        fc.array(fc.integer({ min: 0, max: 2000 }), { maxLength: 3 }),
        fc.array(modifier),
        qty,
        (base, attrs, mods, q) => {
          const unit = itemUnitPrice({ base, attribute_adjustments: attrs, modifiers: mods });
          const expected =
            base +
            attrs.reduce((a, b) => a + b, 0) +
            mods.reduce(
              (t, m) => t + (m.unit_price + m.configuration_adjustments.reduce((a, b) => a + b, 0)) * m.quantity,
              0,
            );
          expect(unit).toBe(expected);
          expect(Number.isInteger(lineTotal(unit, q))).toBe(true);
          expect(lineTotal(unit, q)).toBe(expected * q);
        },
      ),
    );
  });

  it('refuses a zero or fractional quantity', () => {
    expect(() => lineTotal(1000, 0)).toThrow(RangeError);
    expect(() => modifiersTotal([{ unit_price: 100, quantity: 1.5 }])).toThrow(RangeError);
  });
});

describe('half-and-half', () => {
  it('Margherita $16.00 / Diavola $19.00, large +$4.00, olives $1.50 on one half → $24.50', () => {
    expect(
      halfAndHalfUnitPrice({
        halves: [
          { base: 1600, modifiers: [{ unit_price: 150, quantity: 1 }] },
          { base: 1900, modifiers: [] },
        ],
        attribute_adjustments: [400],
      }),
    ).toBe(2450);
  });

  it('costs the dearer half, is symmetric, and never less than either half alone', () => {
    fc.assert(
      fc.property(
        money,
        money,
        fc.array(modifier, { maxLength: 3 }),
        fc.array(modifier, { maxLength: 3 }),
        (a, b, ma, mb) => {
          const ab = halfAndHalfUnitPrice({
            halves: [
              { base: a, modifiers: ma },
              { base: b, modifiers: mb },
            ],
            attribute_adjustments: [],
          });
          const ba = halfAndHalfUnitPrice({
            halves: [
              { base: b, modifiers: mb },
              { base: a, modifiers: ma },
            ],
            attribute_adjustments: [],
          });
          expect(ab).toBe(ba);
          expect(ab).toBe(Math.max(a, b) + modifiersTotal(ma) + modifiersTotal(mb));
          expect(ab).toBeGreaterThanOrEqual(itemUnitPrice({ base: a, attribute_adjustments: [], modifiers: ma }));
        },
      ),
    );
  });
});

describe('deals and combos', () => {
  it("'2 large pizzas + 1 drink' $39.90 with one premium pizza (+$3.00) → $42.90", () => {
    expect(bundleUnitPrice({ base: 3990, extra_prices: [300, 0, 0] })).toBe(4290);
  });

  it('a bundle is its price plus every surcharge', () => {
    fc.assert(
      fc.property(money, fc.array(fc.integer({ min: 0, max: 1000 }), { maxLength: 6 }), (base, extras) => {
        expect(bundleUnitPrice({ base, extra_prices: extras })).toBe(base + extras.reduce((a, b) => a + b, 0));
      }),
    );
  });
});

describe('modifier min/max', () => {
  const groups = [
    { id: 1, name: 'Sauce', min_select: 1, max_select: 1 },
    { id: 2, name: 'Toppings', min_select: 0, max_select: 3 },
    { id: 3, name: 'Sides', min_select: 2, max_select: 4 },
  ];

  it('names each group that has too few or too many', () => {
    const counts: Record<number, number> = { 1: 0, 2: 4, 3: 1 };
    expect(modifierSelectionProblems(groups, (id) => counts[id] ?? 0)).toEqual({
      1: 'Choose 1 Sauce',
      2: 'Choose up to 3 Toppings',
      3: 'Choose at least 2 Sides',
    });
  });

  it('is satisfied exactly when min ≤ chosen ≤ max', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 10 }),
        (min, span, chosen) => {
          const group = { id: 9, name: 'X', min_select: min, max_select: min + span };
          const ok = Object.keys(modifierSelectionProblems([group], () => chosen)).length === 0;
          expect(ok).toBe(chosen >= min && chosen <= min + span);
        },
      ),
    );
  });
});

const pizza = (id: number, unit_price: number): MenuProduct => ({
  id,
  product_id: id + 100,
  category_id: 1,
  price: unit_price,
  online_price: unit_price,
  unit_price,
  is_available: true,
  stock_count: null,
  unit: null,
  is_half_and_half: true,
  is_best_seller: false,
  is_new: false,
  sort_order: 0,
  products: { id: id + 100, name: `Pizza ${id}`, description: '', image: { image_url: '' } },
  attributes: [
    {
      id: 5,
      display_name: 'Size',
      values: [
        { id: 51, display_value: 'Regular', price_adjustment: 0, is_default: true },
        { id: 52, display_value: 'Large', price_adjustment: 400, is_default: false },
      ],
    },
  ],
  modifier_groups: [
    {
      id: 7,
      name: 'Extra toppings',
      min_select: 0,
      max_select: 3,
      modifiers: [
        {
          id: 71 + id,
          name: 'Olives',
          price: 150,
          online_price: 150,
          unit_price: 150,
          max_quantity: 2,
          is_available: true,
          configurations: [{ id: 81 + id, name: 'Kalamata', price_adjustment: 50 }],
        },
      ],
    },
  ],
});

describe('a product line from the menu', () => {
  it('large $16.00 pizza with 2 × olives (Kalamata +$0.50) × 2 → $48.00', () => {
    const line = priceProductLine(pizza(1, 1600), {
      attribute_values: { 5: 52 },
      modifiers: [{ modifier_id: 72, quantity: 2, configuration_ids: [82] }],
      quantity: 2,
    });
    expect(line).toEqual({ unit_price: 2400, total: 4800, problems: {} });
  });

  it('half $16.00 / half $19.00, large, olives on each half → $26.00', () => {
    const line = priceProductLine(pizza(1, 1600), {
      attribute_values: { 5: 52 },
      modifiers: [{ modifier_id: 72, quantity: 1, configuration_ids: [] }],
      quantity: 1,
      second_half: { product: pizza(2, 1900), modifiers: [{ modifier_id: 73, quantity: 1, configuration_ids: [] }] },
    });
    expect(line.unit_price).toBe(1900 + 400 + 150 + 150);
  });

  it('reports a missing size and too many toppings; unknown ids throw', () => {
    const line = priceProductLine(pizza(1, 1600), {
      attribute_values: {},
      modifiers: [{ modifier_id: 72, quantity: 4, configuration_ids: [] }],
      quantity: 1,
    });
    expect(line.problems).toEqual({ 'attribute:5': 'Choose a Size', 'modifiers:7': 'At most 2 × Olives' });
    expect(() =>
      priceProductLine(pizza(1, 1600), {
        attribute_values: {},
        modifiers: [{ modifier_id: 999, quantity: 1, configuration_ids: [] }],
        quantity: 1,
      }),
    ).toThrow(RangeError);
  });
});
