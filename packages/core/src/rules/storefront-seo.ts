import type { Menu } from '../contract/catalogue.js';
import type { RestaurantDetail, RestaurantEntry } from '../contract/restaurants.js';
import { centsToDecimal } from '../pricing/money.js';

/** Lower-case words joined by hyphens: the readable part of a shareable menu URL (decision 035). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The stable slug of a restaurant among its tenant's restaurants: its name's slug, or the name's
 * slug and its id when another restaurant's name gives the same slug (or the name gives none).
 */
export function restaurantSlug(entry: RestaurantEntry, all: readonly RestaurantEntry[]): string {
  const base = slugify(entry.restaurant.name);
  const shared = all.some(
    (other) => other.restaurant.id !== entry.restaurant.id && slugify(other.restaurant.name) === base,
  );
  return base && !shared ? base : [base, entry.restaurant.id].filter(Boolean).join('-');
}

/** The entry a `?restaurant=` value names: its slug, or its id (a table's QR link carries the id). */
export function findRestaurantBySlug(
  all: readonly RestaurantEntry[],
  value: string | null | undefined,
): RestaurantEntry | undefined {
  if (!value) return undefined;
  const id = /^\d+$/.test(value) ? Number(value) : null;
  return all.find((entry) => entry.restaurant.id === id || restaurantSlug(entry, all) === value);
}

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export interface MenuJsonLdInput {
  restaurant: RestaurantDetail;
  menu: Menu;
  currency: string;
  /** The absolute URL of this menu page. */
  url: string;
  /** The absolute URL of the restaurant's image, if it has one. */
  image?: string;
}

/**
 * schema.org structured data for a restaurant's menu page: the Restaurant (address, phone, hours)
 * with its Menu, whose sections are the categories and whose items are the available products at
 * the channel's price in the tenant's currency.
 */
export function menuJsonLd({ restaurant, menu, currency, url, image }: MenuJsonLdInput): Record<string, unknown> {
  const pickup = restaurant.opening_hours.find((hours) => hours.method === 'pickup') ?? restaurant.opening_hours[0];
  const openingHoursSpecification = (pickup?.week ?? []).flatMap((day) =>
    day.ranges.map((range) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${weekdays[day.weekday]}`,
      opens: range.opens_at,
      closes: range.closes_at,
    })),
  );
  const available = menu.products.filter((product) => product.is_available);
  const hasMenuSection = menu.categories
    .map((category) => ({
      '@type': 'MenuSection',
      name: category.name,
      hasMenuItem: available
        .filter((product) => product.category_id === category.id)
        .map((product) => ({
          '@type': 'MenuItem',
          name: product.products.name,
          ...(product.products.description && { description: product.products.description }),
          offers: {
            '@type': 'Offer',
            price: centsToDecimal(product.unit_price),
            priceCurrency: currency,
            availability: 'https://schema.org/InStock',
          },
        })),
    }))
    .filter((section) => section.hasMenuItem.length > 0);
  const { address } = restaurant;
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    '@id': `${url}#restaurant`,
    name: restaurant.name,
    url,
    ...(image && { image }),
    ...(address.phone && { telephone: address.phone }),
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street_name,
      addressLocality: address.suburb || address.city,
      addressRegion: address.state,
      postalCode: address.postcode,
      addressCountry: address.country,
    },
    geo: {
      '@type': 'GeoCoordinates',
      latitude: restaurant.location.latitude,
      longitude: restaurant.location.longitude,
    },
    openingHoursSpecification,
    hasMenu: { '@type': 'Menu', url, hasMenuSection },
  };
}
