import type { RestaurantEntry } from '@orderfront/core';

/** A list entry as POST /restaurants-with-images answers it. */
export function entry(
  id: number,
  name: string,
  overrides: Partial<RestaurantEntry['restaurant']> = {},
): RestaurantEntry {
  return {
    restaurant: {
      id,
      name,
      status: 1,
      address: {
        street_name: `${id} Crown Street`,
        suburb: 'Surry Hills',
        city: 'Sydney',
        state: 'NSW',
        postcode: '2010',
        phone: `(02) 9360 000${id}`,
      },
      timezone: 'Australia/Sydney',
      is_open_now: true,
      closed_reason: null,
      ...overrides,
    },
    attachment_paths: [{ upload_path: `/images/restaurants/${id}.svg` }],
  };
}
