import {
  fulfilmentMethods,
  isOpenAtLocal,
  localTimeIn,
  minutesOf,
  type OpeningRange,
  type RestaurantDetail,
  type RestaurantEntry,
  rangesOn,
} from '@orderfront/core';
import type { Db } from '../../db/database.js';
import type { Restaurant } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { restaurantRepository } from './repository.js';

type HoursRow = Awaited<ReturnType<ReturnType<typeof restaurantRepository>['hoursFor']>>[number];

function address(row: Restaurant) {
  return {
    street_name: row.street_name,
    suburb: row.suburb,
    city: row.city,
    state: row.state,
    postcode: row.postcode,
    phone: row.phone,
  };
}

function attachmentPaths(row: Restaurant) {
  return row.image_path ? [{ upload_path: row.image_path }] : [];
}

/** A universal maps link (opens the maps app on phones) to the restaurant's coordinates. */
function mapUrl(row: Restaurant): string {
  return `https://www.google.com/maps/search/?api=1&query=${row.latitude}%2C${row.longitude}`;
}

export function restaurantService(db: Db, now: () => Date = () => new Date()) {
  const restaurants = restaurantRepository(db);

  async function hoursByRestaurant(tenantId: number, ids: number[]) {
    const byRestaurant = new Map<number, HoursRow[]>();
    for (const row of await restaurants.hoursFor(tenantId, ids)) {
      const list = byRestaurant.get(row.restaurant_id) ?? [];
      list.push(row);
      byRestaurant.set(row.restaurant_id, list);
    }
    return byRestaurant;
  }

  /** Spec §7 `POST /restaurants-with-images`: an unknown tenant simply has no restaurants. */
  async function listWithImages(tenantId: number, status: number): Promise<RestaurantEntry[]> {
    const rows = await restaurants.listByStatus(tenantId, status);
    const hours = await hoursByRestaurant(
      tenantId,
      rows.map((row) => row.id),
    );
    const at = now();
    return rows.map((row) => ({
      restaurant: {
        id: row.id,
        name: row.name,
        status: row.status,
        address: address(row),
        timezone: row.timezone,
        is_open_now: isOpenAtLocal(hours.get(row.id) ?? [], localTimeIn(row.timezone, at)),
      },
      attachment_paths: attachmentPaths(row),
    }));
  }

  /** One restaurant of the tenant with its hours per method; another tenant's id is 404. */
  async function detail(tenantId: number, id: number): Promise<RestaurantDetail> {
    const row = await restaurants.findById(tenantId, id);
    if (!row) throw new AppError('not_found', 'Restaurant not found');
    const hours = (await hoursByRestaurant(tenantId, [row.id])).get(row.id) ?? [];
    const local = localTimeIn(row.timezone, now());
    const special = await restaurants.specialHoursFrom(tenantId, row.id, local.date);
    const strip = ({ opens_at, closes_at }: Pick<OpeningRange, 'opens_at' | 'closes_at'>) => ({ opens_at, closes_at });

    const openingHours = fulfilmentMethods.map((method) => {
      const ranges = hours.filter((h) => h.method === method);
      // Special hours today replace the weekly ones (decision 043).
      const todays = special.filter((h) => h.method === method && h.date === local.date);
      const today =
        todays.length > 0
          ? {
              ranges: todays.map(strip),
              is_open_now: todays.some(
                (h) => local.minutes >= minutesOf(h.opens_at) && local.minutes < minutesOf(h.closes_at),
              ),
            }
          : { ranges: rangesOn(ranges, local.weekday).map(strip), is_open_now: isOpenAtLocal(ranges, local) };
      return {
        method,
        week: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, ranges: rangesOn(ranges, weekday).map(strip) })),
        today,
      };
    });

    return {
      id: row.id,
      name: row.name,
      status: row.status,
      email: row.email,
      address: { ...address(row), country: row.country },
      attachment_paths: attachmentPaths(row),
      location: { latitude: row.latitude, longitude: row.longitude, map_url: mapUrl(row) },
      timezone: row.timezone,
      today: { date: local.date, weekday: local.weekday },
      is_open_now: openingHours.some((method) => method.today.is_open_now),
      opening_hours: openingHours,
      special_hours: special.map(({ id: _, ...h }) => h),
    };
  }

  /** A restaurant's special hours from `fromDate` on (decision 043); the back office manages them. */
  const specialHoursFrom = (tenantId: number, id: number, fromDate: string) =>
    restaurants.specialHoursFrom(tenantId, id, fromDate);

  return { listWithImages, detail, specialHoursFrom };
}
