import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/**
 * The demo menu of Bella Nonna: 7 categories, 42 products, sold by Surry Hills and Parramatta at
 * different prices, with sizes, modifiers (some required), half-and-half pizzas, 2 deals, 2 combos
 * and a few items out of stock. Prices are in-store cents; online adds a small margin.
 */

type ProductSeed = {
  name: string;
  description: string;
  price: number;
  unit?: string;
  best?: boolean;
  isNew?: boolean;
  /** Slugs of the restaurants that do not sell it. */
  notAt?: string[];
  /** Slug → 'off' (switched off) or 'sold-out' (stock 0). */
  out?: Record<string, 'off' | 'sold-out'>;
  premium?: boolean;
};

type CategorySeed = {
  slug: string;
  name: string;
  description: string;
  halfAndHalf?: boolean;
  sizes?: [string, number][];
  groups?: { name: string; min: number; max: number; options: [name: string, price: number, maxQty?: number][] }[];
  products: ProductSeed[];
};

const pizzaSizes: [string, number][] = [
  ['Regular', 0],
  ['Large', 400],
  ['Family', 800],
];

const catalogue: CategorySeed[] = [
  {
    slug: 'pizzas',
    name: 'Wood-fired Pizzas',
    description: '48-hour dough, San Marzano tomatoes, fired at 450 °C. Any two make a half-and-half.',
    halfAndHalf: true,
    sizes: pizzaSizes,
    groups: [
      {
        name: 'Extra toppings',
        min: 0,
        max: 4,
        options: [
          ['Extra cheese', 250, 2],
          ['Olives', 150],
          ['Mushrooms', 150],
          ['Jalapeños', 150],
          ['Prosciutto', 350],
          ['Rocket', 100],
        ],
      },
    ],
    products: [
      { name: 'Margherita', description: 'Tomato, fior di latte, basil, olive oil.', price: 1800, best: true },
      { name: 'Marinara', description: 'Tomato, garlic, oregano, olive oil. No cheese.', price: 1500 },
      { name: 'Diavola', description: 'Tomato, mozzarella, hot salami, chilli.', price: 2100, best: true },
      { name: 'Capricciosa', description: 'Ham, mushrooms, artichoke, olives, mozzarella.', price: 2200 },
      { name: 'Quattro Formaggi', description: 'Mozzarella, gorgonzola, fontina, parmesan.', price: 2300 },
      {
        name: 'Prosciutto e Rucola',
        description: 'Prosciutto di Parma, rocket, shaved parmesan.',
        price: 2400,
        premium: true,
        out: { parramatta: 'sold-out' },
      },
      { name: 'Funghi', description: 'Mixed mushrooms, thyme, truffle oil, mozzarella.', price: 2100 },
      { name: 'Vegetariana', description: 'Eggplant, capsicum, zucchini, olives.', price: 2000 },
      {
        name: 'Gamberi',
        description: 'Garlic prawns, chilli, cherry tomatoes, parsley.',
        price: 2600,
        premium: true,
        isNew: true,
        notAt: ['parramatta'],
      },
      { name: 'Salsiccia', description: 'Fennel sausage, friarielli, smoked provola.', price: 2300, isNew: true },
    ],
  },
  {
    slug: 'pasta',
    name: 'Pasta',
    description: 'Made fresh every morning.',
    groups: [
      {
        name: 'Add-ons',
        min: 0,
        max: 3,
        options: [
          ['Grilled chicken', 500],
          ['Garlic prawns', 700],
          ['Extra parmesan', 200],
        ],
      },
    ],
    products: [
      { name: 'Spaghetti Carbonara', description: 'Guanciale, egg yolk, pecorino, pepper.', price: 2400, best: true },
      { name: 'Rigatoni Bolognese', description: 'Slow-cooked beef and pork ragù.', price: 2300 },
      { name: 'Penne Arrabbiata', description: 'Tomato, garlic, chilli, parsley.', price: 2000 },
      {
        name: 'Seafood Linguine',
        description: 'Prawns, mussels, clams, cherry tomato, white wine.',
        price: 3200,
        notAt: ['parramatta'],
      },
      { name: 'Gnocchi al Pesto', description: 'Potato gnocchi, basil pesto, pine nuts.', price: 2200 },
      { name: 'Lasagne della Nonna', description: 'Layers of ragù, béchamel and parmesan.', price: 2500, isNew: true },
    ],
  },
  {
    slug: 'grill',
    name: 'From the Grill',
    description: 'Char-grilled over ironbark.',
    groups: [
      {
        name: 'Cooking',
        min: 1,
        max: 1,
        options: [
          ['Medium rare', 0],
          ['Medium', 0],
          ['Well done', 0],
        ],
      },
      {
        name: 'Sauce',
        min: 1,
        max: 2,
        options: [
          ['Pepper sauce', 0],
          ['Mushroom sauce', 0],
          ['Chimichurri', 150],
        ],
      },
    ],
    products: [
      { name: 'Scotch Fillet 300 g', description: 'Grass-fed, with chips and salad.', price: 4200, unit: '300 g' },
      {
        name: 'Lamb Cutlets',
        description: 'Rosemary and garlic, with roast potatoes.',
        price: 3800,
        out: { parramatta: 'off' },
      },
      { name: 'Chicken Cotoletta', description: 'Crumbed chicken breast, lemon, rocket.', price: 2900 },
      { name: 'Pork Belly', description: 'Crackling, apple slaw, cider jus.', price: 3400 },
      { name: 'Grilled Barramundi', description: 'Salsa verde, greens.', price: 3600 },
    ],
  },
  {
    slug: 'salads',
    name: 'Salads',
    description: 'Crisp, bright and generous.',
    groups: [
      {
        name: 'Add protein',
        min: 0,
        max: 1,
        options: [
          ['Chicken', 500],
          ['Prawns', 700],
        ],
      },
    ],
    products: [
      { name: 'Caesar Salad', description: 'Cos, bacon, croutons, parmesan, anchovy dressing.', price: 1800 },
      { name: 'Caprese', description: 'Buffalo mozzarella, heirloom tomatoes, basil.', price: 1900 },
      { name: 'Rocket and Pear', description: 'Rocket, pear, walnuts, gorgonzola.', price: 1600 },
      { name: 'Panzanella', description: 'Tomato, bread, cucumber, red onion.', price: 1600, isNew: true },
    ],
  },
  {
    slug: 'sides',
    name: 'Sides',
    description: 'For the table.',
    products: [
      { name: 'Garlic Bread', description: 'Wood-fired, garlic butter, parsley.', price: 900, best: true },
      { name: 'Chips', description: 'Rosemary salt, aioli.', price: 900 },
      { name: 'Arancini', description: 'Three mushroom and mozzarella arancini.', price: 1200, unit: '3 pieces' },
      { name: 'Calamari Fritti', description: 'Lemon, aioli.', price: 1600 },
      { name: 'Roast Potatoes', description: 'Duck fat, garlic, thyme.', price: 1000 },
      { name: 'Green Salad', description: 'Leaves, house vinaigrette.', price: 900 },
    ],
  },
  {
    slug: 'desserts',
    name: 'Desserts',
    description: 'Save room.',
    products: [
      {
        name: 'Tiramisu',
        description: 'Savoiardi, espresso, mascarpone.',
        price: 1400,
        best: true,
        out: { 'surry-hills': 'off' },
      },
      { name: 'Panna Cotta', description: 'Vanilla bean, berry compote.', price: 1300 },
      { name: 'Nutella Pizza', description: 'Nutella, strawberries, icing sugar.', price: 1600 },
      { name: 'Cannoli', description: 'Two cannoli with ricotta and pistachio.', price: 1200, unit: '2 pieces' },
      { name: 'Affogato', description: 'Vanilla gelato, espresso, Frangelico.', price: 1300, notAt: ['parramatta'] },
    ],
  },
  {
    slug: 'drinks',
    name: 'Drinks',
    description: 'Cold and fizzy, or not.',
    sizes: [
      ['Can', 0],
      ['1.25 L bottle', 350],
    ],
    products: [
      { name: 'Coca-Cola', description: 'Classic.', price: 450, unit: '375 ml' },
      { name: 'Coke No Sugar', description: 'No sugar.', price: 450, unit: '375 ml' },
      { name: 'Lemonade', description: 'Lemon lime.', price: 450, unit: '375 ml' },
      { name: 'San Pellegrino Aranciata', description: 'Sparkling orange.', price: 500, unit: '330 ml' },
      { name: 'Sparkling Water', description: 'Still or sparkling, chilled.', price: 400, unit: '500 ml' },
      { name: 'Chinotto', description: 'Bitter-sweet Italian soda.', price: 500, unit: '330 ml', isNew: true },
    ],
  },
];

/** Per restaurant: how its prices differ from the list price, and its online margin. */
const pricing: Record<string, { inStore: (p: number) => number; online: (p: number) => number }> = {
  'surry-hills': { inStore: (p) => p, online: (p) => p + 100 },
  parramatta: { inStore: (p) => p - 50, online: (p) => p + 50 },
};

type BundleSeed = {
  name: string;
  description: string;
  price: number;
  /** slot name, quantity, category slug, surcharge for premium products */
  slots: [string, number, string, number][];
};

const deals: BundleSeed[] = [
  {
    name: '2 Large Pizzas + Drink',
    description: 'Any two large pizzas and a 1.25 L drink.',
    price: 4990,
    slots: [
      ['Large pizza', 2, 'pizzas', 300],
      ['Drink', 1, 'drinks', 0],
    ],
  },
  {
    name: 'Pasta Night for Two',
    description: 'Two pastas, garlic bread and a dessert to share.',
    price: 5490,
    slots: [
      ['Pasta', 2, 'pasta', 0],
      ['Side', 1, 'sides', 0],
      ['Dessert', 1, 'desserts', 0],
    ],
  },
];

const combos: BundleSeed[] = [
  {
    name: 'Pizza Lunch Combo',
    description: 'A regular pizza with a can of drink.',
    price: 2190,
    slots: [
      ['Pizza', 1, 'pizzas', 300],
      ['Drink', 1, 'drinks', 0],
    ],
  },
  {
    name: 'Grill Combo',
    description: 'A grill main, a side and a drink.',
    price: 4490,
    slots: [
      ['Main', 1, 'grill', 0],
      ['Side', 1, 'sides', 0],
      ['Drink', 1, 'drinks', 0],
    ],
  },
];

const imageFor = (slug: string) => `/images/menu/${slug}.svg`;
/** Each dish, deal and combo has its own picture (drawn by scripts/draw-menu-images.mjs). */
const dishImage = (name: string) =>
  `/images/menu/dishes/${name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.svg`;

export async function seedCatalogue(db: Kysely<Database>, tenantId: number): Promise<void> {
  const restaurants = await db
    .selectFrom('restaurants')
    .select(['id', 'slug'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const selling = restaurants.filter((r) => r.slug in pricing);

  /** product name → restaurant slug → restaurant product id (for the bundles' slots) */
  const sold = new Map<string, { category: string; premium: boolean; at: Map<string, number> }>();

  for (const [categoryIndex, category] of catalogue.entries()) {
    const { id: categoryId } = await db
      .insertInto('categories')
      .values({
        tenant_id: tenantId,
        name: category.name,
        slug: category.slug,
        description: category.description,
        image_path: imageFor(category.slug),
        sort_order: categoryIndex,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    for (const [productIndex, product] of category.products.entries()) {
      const { id: productId } = await db
        .insertInto('products')
        .values({
          tenant_id: tenantId,
          category_id: categoryId,
          name: product.name,
          description: product.description,
          image_path: dishImage(product.name),
          is_half_and_half: category.halfAndHalf ? 1 : 0,
          is_best_seller: product.best ? 1 : 0,
          is_new: product.isNew ? 1 : 0,
          sort_order: productIndex,
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      if (category.sizes) {
        const { id: attributeId } = await db
          .insertInto('attributes')
          .values({ tenant_id: tenantId, product_id: productId, display_name: 'Size' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('attribute_values')
          .values(
            category.sizes.map(([display_value, price_adjustment], i) => ({
              tenant_id: tenantId,
              attribute_id: attributeId,
              display_value,
              price_adjustment,
              is_default: i === 0 ? 1 : 0,
              sort_order: i,
            })),
          )
          .execute();
      }

      const groups: { id: number; options: [string, number, number?][] }[] = [];
      for (const [i, group] of (category.groups ?? []).entries()) {
        const { id } = await db
          .insertInto('modifier_groups')
          .values({
            tenant_id: tenantId,
            product_id: productId,
            name: group.name,
            min_select: group.min,
            max_select: group.max,
            sort_order: i,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        groups.push({ id, options: group.options });
      }

      const at = new Map<string, number>();
      for (const restaurant of selling) {
        if (product.notAt?.includes(restaurant.slug)) continue;
        const prices = pricing[restaurant.slug];
        if (!prices) continue;
        const out = product.out?.[restaurant.slug];
        const { id } = await db
          .insertInto('restaurant_products')
          .values({
            tenant_id: tenantId,
            restaurant_id: restaurant.id,
            product_id: productId,
            price: prices.inStore(product.price),
            online_price: prices.online(product.price),
            is_available: out === 'off' ? 0 : 1,
            stock_count: out === 'sold-out' ? 0 : null,
            unit: product.unit ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        at.set(restaurant.slug, id);

        for (const group of groups) {
          for (const [i, [name, price, maxQty]] of group.options.entries()) {
            const { id: modifierId } = await db
              .insertInto('restaurant_product_modifiers')
              .values({
                tenant_id: tenantId,
                restaurant_id: restaurant.id,
                modifier_group_id: group.id,
                name,
                price,
                online_price: price === 0 ? 0 : price + 50,
                max_quantity: maxQty ?? 1,
                sort_order: i,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            if (name === 'Extra cheese') {
              await db
                .insertInto('modifier_configurations')
                .values([
                  {
                    tenant_id: tenantId,
                    modifier_id: modifierId,
                    name: 'Mozzarella',
                    price_adjustment: 0,
                    sort_order: 0,
                  },
                  {
                    tenant_id: tenantId,
                    modifier_id: modifierId,
                    name: 'Buffalo mozzarella',
                    price_adjustment: 150,
                    sort_order: 1,
                  },
                ])
                .execute();
            }
          }
        }
      }
      sold.set(product.name, { category: category.slug, premium: product.premium ?? false, at });
    }
  }

  for (const restaurant of selling) {
    const prices = pricing[restaurant.slug];
    if (!prices) continue;
    for (const [table, slotTable, slotKey, bundles] of [
      ['deals', 'deal_component_types', 'deal_component_type_id', deals],
      ['combo_products', 'combo_product_slots', 'combo_product_slot_id', combos],
    ] as const) {
      for (const [i, bundle] of bundles.entries()) {
        const { id: bundleId } = await db
          .insertInto(table)
          .values({
            tenant_id: tenantId,
            restaurant_id: restaurant.id,
            name: bundle.name,
            description: bundle.description,
            image_path: dishImage(bundle.name),
            price: prices.inStore(bundle.price),
            online_price: prices.online(bundle.price),
            sort_order: i,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [j, [name, quantity, categorySlug, surcharge]] of bundle.slots.entries()) {
          const { id: slotId } = await db
            .insertInto(slotTable)
            .values({ tenant_id: tenantId, parent_id: bundleId, name, quantity, sort_order: j })
            .returning('id')
            .executeTakeFirstOrThrow();
          const choices = [...sold.values()]
            .filter((p) => p.category === categorySlug && p.at.has(restaurant.slug))
            .map((p, k) => ({
              tenant_id: tenantId,
              deal_component_type_id: slotKey === 'deal_component_type_id' ? slotId : null,
              combo_product_slot_id: slotKey === 'combo_product_slot_id' ? slotId : null,
              restaurant_product_id: p.at.get(restaurant.slug) as number,
              extra_price: p.premium ? surcharge : 0,
              sort_order: k,
            }));
          await db.insertInto('slot_choices').values(choices).execute();
        }
      }
    }
  }

  await db
    .insertInto('catalogue_versions')
    .values(restaurants.map((r) => ({ tenant_id: tenantId, restaurant_id: r.id, version: 1 })))
    .execute();
}
