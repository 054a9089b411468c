import {
  addDays,
  fulfilmentMethods,
  type OpeningRange,
  type RestaurantCalendar,
  type RestaurantDetail,
  type RestaurantEntry,
  rangesOn,
  restaurantToday,
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

  /**
   * Each restaurant's hours, closures and special hours around `at`, for core's one rule of what a
   * customer is told today (decisions 037, 043). From two days before UTC's date: a restaurant's
   * today is at most a day behind it, and yesterday's evening may run past midnight.
   */
  async function calendars(tenantId: number, rows: Pick<Restaurant, 'id' | 'timezone'>[], at: Date) {
    const ids = rows.map((row) => row.id);
    const fromDate = addDays(at.toISOString().slice(0, 10), -2);
    const [hours, closures, special] = await Promise.all([
      hoursByRestaurant(tenantId, ids),
      restaurants.closuresFrom(tenantId, ids, fromDate),
      restaurants.specialHoursFrom(tenantId, ids, fromDate),
    ]);
    return new Map(
      rows.map((row): [number, RestaurantCalendar] => [
        row.id,
        {
          timezone: row.timezone,
          hours: hours.get(row.id) ?? [],
          closures: closures.filter((c) => c.restaurant_id === row.id),
          specialHours: special.filter((h) => h.restaurant_id === row.id),
        },
      ]),
    );
  }

  /** Spec §7 `POST /restaurants-with-images`: an unknown tenant simply has no restaurants. */
  async function listWithImages(tenantId: number, status: number): Promise<RestaurantEntry[]> {
    const rows = await restaurants.listByStatus(tenantId, status);
    const at = now();
    const byId = await calendars(tenantId, rows, at);
    return rows.map((row) => {
      const today = restaurantToday(byId.get(row.id) as RestaurantCalendar, at);
      return {
        restaurant: {
          id: row.id,
          name: row.name,
          status: row.status,
          address: address(row),
          timezone: row.timezone,
          is_open_now: today.is_open_now,
          closed_reason: today.closed_reason,
        },
        attachment_paths: attachmentPaths(row),
      };
    });
  }

  /** One restaurant of the tenant with its hours per method; another tenant's id is 404. */
  async function detail(tenantId: number, id: number): Promise<RestaurantDetail> {
    const row = await restaurants.findById(tenantId, id);
    if (!row) throw new AppError('not_found', 'Restaurant not found');
    const at = now();
    const calendar = (await calendars(tenantId, [row], at)).get(row.id) as RestaurantCalendar;
    const today = restaurantToday(calendar, at);
    const strip = ({ opens_at, closes_at }: Pick<OpeningRange, 'opens_at' | 'closes_at'>) => ({ opens_at, closes_at });

    const openingHours = fulfilmentMethods.map((method) => {
      const ranges = calendar.hours.filter((h) => h.method === method);
      return {
        method,
        week: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, ranges: rangesOn(ranges, weekday).map(strip) })),
        today: today.methods[method],
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
      today: { date: today.date, weekday: today.weekday },
      is_open_now: today.is_open_now,
      closed_reason: today.closed_reason,
      opening_hours: openingHours,
      special_hours: calendar.specialHours
        .filter((h) => h.date >= today.date)
        .map(({ date, method, opens_at, closes_at }) => ({ date, method, opens_at, closes_at })),
    };
  }

  /** A restaurant's special hours from `fromDate` on (decision 043); the back office manages them. */
  const specialHoursFrom = (tenantId: number, id: number, fromDate: string) =>
    restaurants.specialHoursOf(tenantId, id, fromDate);

  return { listWithImages, detail, specialHoursFrom };
}
