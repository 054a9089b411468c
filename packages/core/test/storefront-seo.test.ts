import { describe, expect, it } from 'vitest';
import type { Menu, MenuProduct } from '../src/contract/catalogue.js';
import type { RestaurantDetail, RestaurantEntry } from '../src/contract/restaurants.js';
import { centsToDecimal, findRestaurantBySlug, menuJsonLd, restaurantSlug, slugify } from '../src/index.js';

const entry = (id: number, name: string): RestaurantEntry => ({
  restaurant: {
    id,
    name,
    status: 1,
    address: { street_name: '', suburb: '', city: '', state: '', postcode: '', phone: '' },
    timezone: 'Australia/Sydney',
    is_open_now: true,
    closed_reason: null,
  },
  attachment_paths: [],
});

describe('restaurant slugs (decision 035)', () => {
  it('are the name in lower-case words, accents dropped', () => {
    expect(slugify('Bella Nonna – Surry Hills')).toBe('bella-nonna-surry-hills');
    expect(slugify('Café Déjà Vu!')).toBe('cafe-deja-vu');
    expect(slugify('  ---  ')).toBe('');
  });

  it('add the id when two names give the same slug, or the name gives none', () => {
    const all = [entry(1, 'Luigi Ponsonby'), entry(2, 'Luigi  Ponsonby!'), entry(3, 'Bondi'), entry(4, '日本')];
    expect(all.map((e) => restaurantSlug(e, all))).toEqual(['luigi-ponsonby-1', 'luigi-ponsonby-2', 'bondi', '4']);
  });

  it('find a restaurant by slug or by id, and nothing for anything else', () => {
    const all = [entry(1, 'Surry Hills'), entry(2, 'Parramatta')];
    expect(findRestaurantBySlug(all, 'parramatta')?.restaurant.id).toBe(2);
    expect(findRestaurantBySlug(all, '1')?.restaurant.id).toBe(1);
    expect(findRestaurantBySlug(all, 'bondi')).toBeUndefined();
    expect(findRestaurantBySlug(all, '')).toBeUndefined();
    expect(findRestaurantBySlug(all, null)).toBeUndefined();
  });
});

describe('menu structured data', () => {
  const product = (id: number, category: number, name: string, cents: number, available = true) =>
    ({
      id,
      product_id: id,
      category_id: category,
      unit_price: cents,
      is_available: available,
      products: { id, name, description: `${name} description`, image: { image_url: '' } },
    }) as unknown as MenuProduct;
  const menu = {
    restaurant_id: 1,
    channel: 'online',
    version: 3,
    categories: [
      { id: 10, name: 'Pizzas' },
      { id: 11, name: 'Sold out' },
    ],
    products: [
      product(1, 10, 'Margherita', 1900),
      product(2, 10, 'Diavola', 2205),
      product(3, 11, 'Tiramisu', 1200, false),
    ],
  } as unknown as Menu;
  const restaurant = {
    name: 'Surry Hills',
    address: {
      street_name: '412 Crown St',
      suburb: 'Surry Hills',
      city: 'Sydney',
      state: 'NSW',
      postcode: '2010',
      phone: '02 9360 4127',
      country: 'AU',
    },
    location: { latitude: -33.88, longitude: 151.21, map_url: 'https://maps.example/' },
    opening_hours: [
      { method: 'delivery', week: [], today: { ranges: [], is_open_now: false, closed_reason: null } },
      {
        method: 'pickup',
        week: [
          { weekday: 0, ranges: [{ opens_at: '12:00', closes_at: '21:00' }] },
          {
            weekday: 5,
            ranges: [
              { opens_at: '11:00', closes_at: '14:00' },
              { opens_at: '17:00', closes_at: '23:30' },
            ],
          },
        ],
        today: { ranges: [], is_open_now: false, closed_reason: null },
      },
    ],
  } as unknown as RestaurantDetail;

  it('names the restaurant, its address, phone and pickup hours, and every available product at its price', () => {
    const data = menuJsonLd({
      restaurant,
      menu,
      currency: 'AUD',
      url: 'https://x.example/menu?restaurant=surry-hills',
    });
    expect(data).toMatchObject({
      '@type': 'Restaurant',
      name: 'Surry Hills',
      telephone: '02 9360 4127',
      address: { streetAddress: '412 Crown St', postalCode: '2010', addressCountry: 'AU' },
    });
    expect(data.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Sunday', opens: '12:00', closes: '21:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Friday', opens: '11:00', closes: '14:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Friday', opens: '17:00', closes: '23:30' },
    ]);
    const sections = (
      data.hasMenu as { hasMenuSection: { name: string; hasMenuItem: { name: string; offers: object }[] }[] }
    ).hasMenuSection;
    expect(sections.map((s) => s.name)).toEqual(['Pizzas']); // a section with nothing to order is left out
    expect(sections[0]?.hasMenuItem.map((i) => [i.name, i.offers])).toEqual([
      [
        'Margherita',
        { '@type': 'Offer', price: '19.00', priceCurrency: 'AUD', availability: 'https://schema.org/InStock' },
      ],
      [
        'Diavola',
        { '@type': 'Offer', price: '22.05', priceCurrency: 'AUD', availability: 'https://schema.org/InStock' },
      ],
    ]);
  });

  it('writes cents as schema.org decimals', () => {
    expect([0, 5, 100, 1999, -250].map(centsToDecimal)).toEqual(['0.00', '0.05', '1.00', '19.99', '-2.50']);
  });
});
