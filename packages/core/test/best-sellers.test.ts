import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addUnitsSold, chooseBestSellers, orderStatuses, type SoldLine, soldOrderStatuses } from '../src/index.js';

const product = (id: number, quantity: number): SoldLine => ({
  kind: 'product',
  restaurant_product_id: id,
  quantity,
});

describe('units sold per restaurant product', () => {
  it('2 × product 5 and 3 × product 5 on another order → 5 units of 5', () => {
    const units = addUnitsSold(new Map(), [product(5, 2)]);
    addUnitsSold(units, [product(5, 3), product(6, 1)]);
    expect(Object.fromEntries(units)).toEqual({ 5: 5, 6: 1 });
  });

  it('2 × half Margherita (1) / half Diavola (2) → one unit of each', () => {
    const line: SoldLine = {
      kind: 'half_and_half',
      restaurant_product_id: 1,
      quantity: 2,
      selection: { portions: [{ restaurant_product_id: 1 }, { restaurant_product_id: 2 }] },
    };
    expect(Object.fromEntries(addUnitsSold(new Map(), [line]))).toEqual({ 1: 1, 2: 1 });
  });

  it('3 × a deal of 2 pizzas (7) and a drink (9) → 6 pizzas and 3 drinks, nothing for the deal itself', () => {
    const line: SoldLine = {
      kind: 'deal',
      restaurant_product_id: null,
      quantity: 3,
      selection: {
        children: [
          { restaurant_product_id: 7, quantity: 2 },
          { restaurant_product_id: 9, quantity: 1 },
        ],
      },
    };
    expect(Object.fromEntries(addUnitsSold(new Map(), [line]))).toEqual({ 7: 6, 9: 3 });
  });

  it('a combo counts its items the same way; a bundle with no choices kept counts nothing', () => {
    const combo: SoldLine = {
      kind: 'combo',
      restaurant_product_id: null,
      quantity: 1,
      selection: { children: [{ restaurant_product_id: 4, quantity: 1 }] },
    };
    expect(Object.fromEntries(addUnitsSold(new Map(), [combo, { ...combo, selection: {} }]))).toEqual({ 4: 1 });
  });
});

describe('choosing the best sellers', () => {
  const rules = { minUnits: 3, limit: 2 };

  it('most units first, at most the limit: {1: 4, 2: 9, 3: 6} → [2, 3]', () => {
    expect(
      chooseBestSellers(
        new Map([
          [1, 4],
          [2, 9],
          [3, 6],
        ]),
        rules,
      ),
    ).toEqual([2, 3]);
  });

  it('ties go to the lower id, whatever order the units came in', () => {
    const a = new Map([
      [8, 5],
      [3, 5],
      [5, 5],
    ]);
    const b = new Map([...a].reverse());
    expect(chooseBestSellers(a, rules)).toEqual([3, 5]);
    expect(chooseBestSellers(b, rules)).toEqual([3, 5]);
  });

  it('a product under the minimum is never a best seller, even with room left: {1: 2.5, 2: 3} → [2]', () => {
    expect(
      chooseBestSellers(
        new Map([
          [1, 2.5],
          [2, 3],
        ]),
        rules,
      ),
    ).toEqual([2]);
    expect(chooseBestSellers(new Map(), rules)).toEqual([]);
  });

  it('defaults: the top 8 with at least 3 units each', () => {
    const units = new Map(Array.from({ length: 12 }, (_, i) => [i + 1, i + 1] as [number, number]));
    expect(chooseBestSellers(units)).toEqual([12, 11, 10, 9, 8, 7, 6, 5]);
  });

  it('always the same answer as sorting every qualifying product by (units desc, id asc)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.integer({ min: 1, max: 200 }).map(String), fc.integer({ min: 0, max: 12 })),
        fc.integer({ min: 0, max: 10 }),
        (record, limit) => {
          const entries = Object.entries(record).map(([id, n]) => [Number(id), n] as [number, number]);
          const chosen = chooseBestSellers(new Map(entries), { minUnits: 3, limit });
          const units = new Map(entries);
          expect(chosen.length).toBe(Math.min(limit, entries.filter(([, n]) => n >= 3).length));
          for (const id of chosen) expect(units.get(id)).toBeGreaterThanOrEqual(3);
          for (const [id, n] of entries) {
            if (chosen.includes(id)) continue;
            // Anything left out sold less than, or as much as with a higher id than, every chosen one.
            for (const c of chosen) {
              const m = units.get(c) as number;
              if (n >= 3) expect(n < m || (n === m && id > c)).toBe(true);
            }
          }
        },
      ),
    );
  });
});

describe('orders that count as sold', () => {
  it('every status but pending payment, cancelled and refunded', () => {
    expect(orderStatuses.filter((s) => !soldOrderStatuses.includes(s))).toEqual([
      'pending_payment',
      'cancelled',
      'refunded',
    ]);
  });
});
