import type { Menu, MenuProduct } from '@orderfront/core';

const toppings = (base: number) => ({
  id: 70 + base,
  name: 'Extra toppings',
  min_select: 0,
  max_select: 3,
  modifiers: [
    {
      id: 700 + base,
      name: 'Extra cheese',
      price: 250,
      online_price: 300,
      unit_price: 300,
      max_quantity: 2,
      is_available: true,
      configurations: [
        { id: 7000 + base, name: 'Mozzarella', price_adjustment: 0 },
        { id: 7100 + base, name: 'Buffalo mozzarella', price_adjustment: 150 },
      ],
    },
    {
      id: 710 + base,
      name: 'Olives',
      price: 150,
      online_price: 200,
      unit_price: 200,
      max_quantity: 1,
      is_available: true,
      configurations: [],
    },
  ],
});

function product(id: number, name: string, unit_price: number, extra: Partial<MenuProduct> = {}): MenuProduct {
  return {
    id,
    product_id: id + 100,
    category_id: 1,
    price: unit_price - 100,
    online_price: unit_price,
    unit_price,
    is_available: true,
    stock_count: null,
    unit: null,
    is_half_and_half: true,
    is_best_seller: false,
    is_new: false,
    sort_order: id,
    products: {
      id: id + 100,
      name,
      description: `${name} description`,
      image: { image_url: '/images/menu/pizzas.svg' },
    },
    attributes: [
      {
        id: 50 + id,
        display_name: 'Size',
        values: [
          { id: 500 + id, display_value: 'Regular', price_adjustment: 0, is_default: true },
          { id: 510 + id, display_value: 'Large', price_adjustment: 400, is_default: false },
        ],
      },
    ],
    modifier_groups: [toppings(id)],
    ...extra,
  };
}

export const margherita = product(1, 'Margherita', 1900);
export const diavola = product(2, 'Diavola', 2200);
export const prosciutto = product(3, 'Prosciutto e Rucola', 2500, { is_available: false, stock_count: 0 });
export const steak = product(4, 'Scotch Fillet', 4300, {
  category_id: 2,
  is_half_and_half: false,
  unit: '300 g',
  attributes: [],
  modifier_groups: [
    {
      id: 90,
      name: 'Cooking',
      min_select: 1,
      max_select: 1,
      modifiers: ['Medium rare', 'Medium', 'Well done'].map((name, i) => ({
        id: 900 + i,
        name,
        price: 0,
        online_price: 0,
        unit_price: 0,
        max_quantity: 1,
        is_available: true,
        configurations: [],
      })),
    },
  ],
});

export const menuFixture: Menu = {
  restaurant_id: 1,
  channel: 'online',
  version: 1,
  categories: [
    {
      id: 1,
      name: 'Wood-fired Pizzas',
      slug: 'pizzas',
      description: 'Pizzas',
      sort_order: 0,
      image: { image_url: '' },
    },
    { id: 2, name: 'From the Grill', slug: 'grill', description: 'Grill', sort_order: 1, image: { image_url: '' } },
  ],
  products: [margherita, diavola, prosciutto, steak],
};
