import { describe, expect, it } from 'vitest';
import {
  type CatalogueDocument,
  catalogueDocumentSchema,
  catalogueToCsv,
  catalogueToJson,
  csvToCatalogue,
  type DocBundle,
  type DocBundleSlot,
  type DocProduct,
  daypartSummary,
  diffCatalogue,
  inDaypart,
  jsonToCatalogue,
  type MenuProduct,
  parseCsv,
  priceProductLine,
} from '../src/index.js';

const doc = (): CatalogueDocument => ({
  format: 'orderfront-catalogue/1',
  categories: [
    {
      slug: 'breakfast',
      name: 'Breakfast',
      description: 'Eggs, toast, "the works", and more',
      archived: false,
      dayparts: [{ weekday: 1, from: '06:00', to: '11:00' }],
    },
    { slug: 'drinks', name: 'Drinks', description: '', archived: false, dayparts: [] },
  ],
  modifier_groups: [
    {
      key: 'eggs',
      name: 'Eggs',
      min: 1,
      max: 1,
      free_quantity: 0,
      options: [
        { name: 'Fried', price: 0, online_price: 0, default: true },
        { name: 'Poached', price: 50, online_price: 60, default: false },
      ],
    },
  ],
  products: [
    {
      ref: 'big-breakfast',
      category: 'breakfast',
      name: 'Big Breakfast',
      description: 'Two lines\nof description',
      image: null,
      price: 1500,
      online_price: 1550,
      channels: ['online', 'dine_in'],
      labels: ['vegetarian', 'contains_nuts'],
      tax_class: 'standard',
      unit: null,
      half_and_half: false,
      new: true,
      archived: false,
      attributes: [
        {
          name: 'Size',
          values: [
            { name: 'Regular', price_delta: 0, default: true },
            { name: 'Small', price_delta: -200, default: false },
          ],
        },
      ],
      modifier_groups: ['eggs'],
    },
    {
      ref: 'flat-white',
      category: 'drinks',
      name: 'Flat white',
      description: '',
      image: '/uploads/products/abc.webp',
      price: 450,
      online_price: 450,
      channels: ['online', 'in_store', 'dine_in'],
      labels: [],
      tax_class: 'gst_free',
      unit: '250 ml',
      half_and_half: false,
      new: false,
      archived: false,
      attributes: [],
      modifier_groups: [],
    },
  ],
  deals: [],
  combos: [],
});

const breakfastDeal = (): DocBundle => ({
  ref: 'breakfast-for-two',
  name: 'Breakfast for two',
  description: 'Two breakfasts and two coffees',
  image: null,
  price: 3600,
  online_price: 3600,
  archived: false,
  slots: [
    { name: 'Breakfast', quantity: 2, choices: [{ product: 'big-breakfast', extra_price: 0 }] },
    { name: 'Coffee', quantity: 2, choices: [{ product: 'flat-white', extra_price: 50 }] },
  ],
});

const pathsOf = (value: unknown) => {
  const parsed = catalogueDocumentSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the catalogue document (decision 038)', () => {
  it('accepts a consistent document', () => {
    expect(pathsOf(doc())).toEqual([]);
  });

  it('refuses negative prices, min above max, duplicate names in a category and unknown references', () => {
    const bad = doc();
    (bad.products[0] as CatalogueDocument['products'][number]).online_price = -1;
    (bad.modifier_groups[0] as CatalogueDocument['modifier_groups'][number]).min = 2;
    bad.products.push({ ...(bad.products[0] as CatalogueDocument['products'][number]), ref: 'copy', online_price: 10 });
    (bad.products[1] as CatalogueDocument['products'][number]).category = 'lunch';
    (bad.products[1] as CatalogueDocument['products'][number]).modifier_groups = ['sauces'];
    expect(pathsOf(bad)).toEqual(
      expect.arrayContaining([
        'products.0.online_price: A price cannot be negative',
        'modifier_groups.0.min: Must not be more than the maximum',
        'products.2.name: Another product of the category has this name',
        'products.1.category: No such category',
        'products.1.modifier_groups.0: No such modifier group',
      ]),
    );
  });

  it('refuses a daypart that ends before it starts and two default sizes', () => {
    const bad = doc();
    (bad.categories[0] as CatalogueDocument['categories'][number]).dayparts = [
      { weekday: 1, from: '11:00', to: '06:00' },
    ];
    const size = bad.products[0]?.attributes[0];
    for (const v of size?.values ?? []) v.default = true;
    expect(pathsOf(bad)).toEqual([
      'categories.0.dayparts.0.to: Must end after it starts',
      'products.0.attributes.0.values: Only one value can be the default',
    ]);
  });
});

describe('deals and combos in the document (decision 042)', () => {
  it('accepts a deal whose slots are all filled by products on sale, and round-trips it as JSON', () => {
    const withDeal = { ...doc(), deals: [breakfastDeal()], combos: [{ ...breakfastDeal(), ref: 'combo' }] };
    expect(pathsOf(withDeal)).toEqual([]);
    expect(jsonToCatalogue(catalogueToJson(withDeal))).toEqual({ document: withDeal, errors: [] });
  });

  it('refuses negative prices, unknown products, empty slots and slots no product on sale can fill', () => {
    const deal = breakfastDeal();
    deal.online_price = -100;
    (deal.slots[0] as DocBundleSlot).choices = [{ product: 'nowhere', extra_price: -5 }];
    (deal.slots[1] as DocBundleSlot).quantity = 0;
    const bad = { ...doc(), deals: [deal, { ...breakfastDeal(), slots: [] }] };
    expect(pathsOf(bad)).toEqual(
      expect.arrayContaining([
        'deals.0.online_price: A price cannot be negative',
        'deals.0.slots.0.choices.0.extra_price: A price cannot be negative',
        'deals.0.slots.1.quantity: At least 1',
        'deals.1.slots: Add at least one slot',
        'deals.1.ref: Already used',
      ]),
    );
    const unknown = {
      ...doc(),
      deals: [
        {
          ...breakfastDeal(),
          slots: [
            { ...(breakfastDeal().slots[0] as DocBundleSlot), choices: [{ product: 'nowhere', extra_price: 0 }] },
          ],
        },
      ],
    };
    expect(pathsOf(unknown)).toEqual([
      'deals.0.slots.0.choices.0.product: No such product',
      'deals.0.slots.0.choices: No available product fills this slot',
    ]);
  });

  it('refuses a live deal whose slot only archived products fill; an archived deal may keep it', () => {
    const archived = doc();
    (archived.products[1] as DocProduct).archived = true;
    expect(pathsOf({ ...archived, deals: [breakfastDeal()] })).toEqual([
      'deals.0.slots.1.choices: No available product fills this slot',
    ]);
    expect(pathsOf({ ...archived, deals: [{ ...breakfastDeal(), archived: true }] })).toEqual([]);
  });

  it('a choice may name one size of its product; a size the product lacks is refused (decision 048)', () => {
    const sized = breakfastDeal();
    (sized.slots[0] as DocBundleSlot).choices = [
      { product: 'big-breakfast', extra_price: 0, size: 'Small' },
      { product: 'big-breakfast', extra_price: 300, size: 'Regular' },
    ];
    const withSizes = { ...doc(), deals: [sized] };
    expect(pathsOf(withSizes)).toEqual([]);
    const json = catalogueToJson(withSizes);
    expect(jsonToCatalogue(json)).toEqual({ document: withSizes, errors: [] });
    expect(catalogueToJson(jsonToCatalogue(json).document as CatalogueDocument)).toBe(json);

    const wrong = breakfastDeal();
    (wrong.slots[0] as DocBundleSlot).choices = [
      { product: 'big-breakfast', extra_price: 0, size: 'Large' },
      { product: 'big-breakfast', extra_price: 0, size: 'Large' },
    ];
    (wrong.slots[1] as DocBundleSlot).choices = [{ product: 'flat-white', extra_price: 0, size: 'Large' }];
    expect(pathsOf({ ...doc(), deals: [wrong] })).toEqual([
      'deals.0.slots.0.choices.0.size: Big Breakfast comes in Regular, Small, not Large',
      'deals.0.slots.0.choices.1.size: Big Breakfast comes in Regular, Small, not Large',
      'deals.0.slots.0.choices: A product is listed twice at the same size',
      'deals.0.slots.0.choices: No available product fills this slot',
      'deals.0.slots.1.choices.0.size: Flat white has no sizes',
      'deals.0.slots.1.choices: No available product fills this slot',
    ]);
  });

  it('a JSON file from before sizes imports, and exports byte for byte as it was', () => {
    const old = { ...doc(), deals: [breakfastDeal()] };
    const json = catalogueToJson(old);
    expect(json).not.toContain('"size"');
    const read = jsonToCatalogue(json);
    expect(read.errors).toEqual([]);
    expect(catalogueToJson(read.document as CatalogueDocument)).toBe(json);
  });

  it('lists added and changed deals in the diff', () => {
    const before = { ...doc(), deals: [breakfastDeal()] };
    const after = {
      ...doc(),
      deals: [{ ...breakfastDeal(), online_price: 3400 }],
      combos: [{ ...breakfastDeal(), ref: 'c1', name: 'Brunch combo' }],
    };
    expect(diffCatalogue(before, after)).toEqual([
      'Deal "Breakfast for two": online price 3600 → 3400',
      'Combo "Brunch combo" added',
    ]);
  });
});

describe('dayparts', () => {
  const parts = [{ weekday: 1, from: '06:00', to: '11:00' }];
  it('are local to the restaurant: Monday 10:59 in Sydney is in, 11:00 is out, Sunday is out', () => {
    // Monday 30 Nov 2026 10:59 AEDT (+11) = 23:59 UTC on the Sunday.
    expect(inDaypart(parts, '2026-11-29T23:59:00Z', 'Australia/Sydney')).toBe(true);
    expect(inDaypart(parts, '2026-11-30T00:00:00Z', 'Australia/Sydney')).toBe(false);
    expect(inDaypart(parts, '2026-11-29T10:00:00Z', 'Australia/Sydney')).toBe(false);
    expect(inDaypart([], '2026-11-29T10:00:00Z', 'Australia/Sydney')).toBe(true);
  });
  it('are summarised for customers', () => {
    expect(daypartSummary(parts)).toBe('Served Mon 06:00–11:00');
    const daily = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, from: '06:00', to: '11:00' }));
    expect(daypartSummary(daily)).toBe('Served daily 06:00–11:00');
  });
});

describe('import diff', () => {
  it('lists each change by name, additions, removals and order', () => {
    const before = doc();
    const after = doc();
    const first = after.products[0] as CatalogueDocument['products'][number];
    first.online_price = 1600;
    after.products.reverse();
    after.products.push({ ...first, ref: 'pancakes', name: 'Pancakes' });
    after.categories = after.categories.filter((c) => c.slug !== 'drinks');
    expect(diffCatalogue(before, after)).toEqual([
      'Category "Drinks" removed',
      'Product "Big Breakfast": online price 1550 → 1600',
      'Product "Pancakes" added',
      'Product order changed',
    ]);
    expect(diffCatalogue(before, doc())).toEqual([]);
  });
});

describe('CSV and JSON', () => {
  it('a JSON file exported before tax classes, units and bundles imports with their defaults', () => {
    const current = doc();
    const older = {
      ...current,
      products: current.products.map(({ tax_class: _t, unit: _u, ...p }) => p),
      deals: undefined,
      combos: undefined,
    };
    const read = jsonToCatalogue(JSON.stringify(older));
    expect(read.errors).toEqual([]);
    expect(read.document?.deals).toEqual([]);
    expect(read.document?.combos).toEqual([]);
    expect(read.document?.products.every((p) => p.tax_class === 'standard' && p.unit === null)).toBe(true);
  });

  it('round-trip: a CSV export reads back into the same document; JSON too', () => {
    const csv = catalogueToCsv(doc());
    expect(csvToCatalogue(csv)).toEqual({ document: doc(), errors: [] });
    expect(jsonToCatalogue(catalogueToJson(doc()))).toEqual({ document: doc(), errors: [] });
    expect(csv.split('\r\n')[0]).toBe(
      'type,key,parent,name,description,price,online_price,channels,labels,flags,min,max,free_quantity,dayparts,image,groups,tax_class,unit',
    );
    expect(csv).toContain('product,big-breakfast,breakfast,Big Breakfast,"Two lines\nof description",15.00,15.50');
    expect(csv).toContain('attribute_value,Size,big-breakfast,Small,,-2.00');
    expect(csv).toContain(
      ',flat-white,drinks,Flat white,,4.50,4.50,online|in_store|dine_in,,,,,,,/uploads/products/abc.webp,,gst_free,250 ml',
    );
  });

  it('names the line of every bad row, and returns no document', () => {
    const records = parseCsv(catalogueToCsv(doc())).map((r) => r.cells);
    const header = records[0] as string[];
    const option = records.findIndex((r) => r[0] === 'option' && r[3] === 'Poached');
    const product = records.findIndex((r) => r[0] === 'product' && r[1] === 'flat-white');
    (records[option] as string[])[header.indexOf('price')] = 'free';
    (records[product] as string[])[header.indexOf('channels')] = 'online|drive_through';
    records.splice(2, 0, ['dessert', 'x', '', 'Cake']);
    const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const content = records.map((r) => r.map(quote).join(',')).join('\r\n');
    const lineOf = (index: number) => parseCsv(content)[index]?.line;
    const result = csvToCatalogue(content);
    expect(result.document).toBeNull();
    // Lines are 1-based with the header as line 1; a quoted line break makes a record two lines.
    expect(result.errors.map((e) => [e.row, e.field, e.message])).toEqual([
      [3, 'type', 'The type must be category, modifier_group, option, product or attribute_value'],
      [lineOf(option + 1), 'price', 'Not an amount like 12.50'],
      [lineOf(product + 1), 'channels', 'Unknown channel drive_through'],
    ]);
  });

  it('parses quoted fields with commas, quotes and line breaks, naming the line each record starts on', () => {
    expect(parseCsv('a,b\r\n"x, ""y""","1\n2"\r\nlast,\r\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, "y"', '1\n2'] },
      { line: 4, cells: ['last', ''] },
    ]);
  });
});

describe('free modifier quantity', () => {
  const product = {
    id: 1,
    unit_price: 1000,
    is_half_and_half: false,
    attributes: [],
    modifier_groups: [
      {
        id: 7,
        name: 'Toppings',
        min_select: 0,
        max_select: 3,
        free_quantity: 2,
        modifiers: [
          {
            id: 1,
            name: 'Olives',
            price: 100,
            online_price: 100,
            unit_price: 100,
            max_quantity: 2,
            is_available: true,
            configurations: [],
          },
          {
            id: 2,
            name: 'Ham',
            price: 300,
            online_price: 300,
            unit_price: 300,
            max_quantity: 2,
            is_available: true,
            configurations: [],
          },
        ],
      },
    ],
  } satisfies Pick<MenuProduct, 'id' | 'unit_price' | 'attributes' | 'modifier_groups' | 'is_half_and_half'>;
  it('makes the cheapest chosen options free', () => {
    const price = priceProductLine(product, {
      attribute_values: {},
      quantity: 1,
      modifiers: [
        { modifier_id: 2, quantity: 1, configuration_ids: [] },
        { modifier_id: 1, quantity: 2, configuration_ids: [] },
      ],
    });
    // Two olives free, the ham paid.
    expect(price.unit_price).toBe(1300);
  });
});
