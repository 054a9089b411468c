import { defaultTenantId } from '@orderfront/core';
import type { Db } from '../database.js';

type Trx = Pick<Db, 'selectFrom' | 'insertInto'>;

// Lunch and dinner sittings (index 0 = Sunday); the last seating is a typical stay before closing.
const sittings: [opens: string, closes: string][][] = [
  [
    ['12:00', '15:30'],
    ['17:00', '21:00'],
  ],
  [['17:00', '21:30']],
  [
    ['12:00', '15:00'],
    ['17:00', '21:30'],
  ],
  [
    ['12:00', '15:00'],
    ['17:00', '21:30'],
  ],
  [
    ['12:00', '15:00'],
    ['17:00', '21:30'],
  ],
  [
    ['12:00', '15:00'],
    ['17:00', '22:30'],
  ],
  [
    ['12:00', '15:30'],
    ['17:00', '22:30'],
  ],
];

/** Table reservations for the demo's active restaurants: hours, rules and the public-holiday closures. */
export async function seedReservations(trx: Trx): Promise<void> {
  const restaurants = await trx
    .selectFrom('restaurants')
    .select('id')
    .where('tenant_id', '=', defaultTenantId)
    .where('status', '=', 1)
    .execute();
  for (const { id } of restaurants) {
    const base = { tenant_id: defaultTenantId, restaurant_id: id };
    await trx
      .insertInto('reservation_settings')
      .values({
        ...base,
        enabled: 1,
        slot_minutes: 30,
        stay_minutes: 90,
        capacity_unit: 'tables',
        capacity_per_slot: 6,
        min_party: 1,
        max_party: 10,
        horizon_days: 60,
        min_notice_minutes: 60,
        cancel_cutoff_minutes: 120,
        max_active_per_customer: 2,
      })
      .execute();
    await trx
      .insertInto('reservation_hours')
      .values(
        sittings.flatMap((day, weekday) =>
          day.map(([opens_at, closes_at]) => ({ ...base, weekday, opens_at, closes_at })),
        ),
      )
      .execute();
    await trx
      .insertInto('reservation_closures')
      .values([
        { ...base, date: '2026-12-25', reason: 'Christmas Day' },
        { ...base, date: '2026-12-26', reason: 'Boxing Day' },
        { ...base, date: '2027-01-01', reason: "New Year's Day" },
      ])
      .execute();
  }
}
