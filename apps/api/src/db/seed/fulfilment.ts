import type { Db } from '../database.js';

type Trx = Pick<Db, 'selectFrom' | 'insertInto'>;

interface ZoneSeed {
  name: string;
  postcodes?: string[];
  suburbs?: string[];
  radius_km?: number;
  fee_cents: number;
  minimum_order_cents: number;
  priority: number;
}

/** The top banner promises free delivery on orders over $30: every zone honours it. */
const freeOver = 3000;

const zonesBySlug: Record<string, ZoneSeed[]> = {
  'surry-hills': [
    {
      name: 'Surry Hills and the inner city',
      postcodes: ['2010', '2011', '2016', '2017', '2021'],
      suburbs: ['Surry Hills', 'Darlinghurst', 'Redfern', 'Paddington', 'Moore Park', 'Potts Point', 'Waterloo'],
      fee_cents: 499,
      minimum_order_cents: 2000,
      priority: 1,
    },
    { name: 'Within 6 km', radius_km: 6, fee_cents: 799, minimum_order_cents: 2500, priority: 2 },
  ],
  parramatta: [
    {
      name: 'Parramatta and nearby',
      postcodes: ['2150', '2151', '2142', '2145'],
      suburbs: ['Parramatta', 'North Parramatta', 'Harris Park', 'Rosehill', 'Granville', 'Westmead'],
      fee_cents: 499,
      minimum_order_cents: 2000,
      priority: 1,
    },
    { name: 'Within 7 km', radius_km: 7, fee_cents: 799, minimum_order_cents: 2500, priority: 2 },
  ],
  'bondi-beach': [
    {
      name: 'Bondi',
      postcodes: ['2026'],
      suburbs: ['Bondi', 'Bondi Beach', 'North Bondi', 'Tamarama'],
      fee_cents: 499,
      minimum_order_cents: 2000,
      priority: 1,
    },
    { name: 'Within 4 km', radius_km: 4, fee_cents: 799, minimum_order_cents: 2500, priority: 2 },
  ],
};

/** Pickup and delivery rules and delivery zones for the demo's restaurants. */
export async function seedFulfilment(trx: Trx, tenantId: number): Promise<void> {
  const restaurants = await trx
    .selectFrom('restaurants')
    .select(['id', 'slug'])
    .where('tenant_id', '=', tenantId)
    .execute();
  for (const { id, slug } of restaurants) {
    const base = { tenant_id: tenantId, restaurant_id: id };
    await trx
      .insertInto('fulfilment_settings')
      .values({ ...base, lead_time_minutes: 20, slot_minutes: 15, max_orders_per_slot: 8, asap_enabled: null })
      .execute();
    const zones = zonesBySlug[slug] ?? [];
    if (zones.length === 0) continue;
    await trx
      .insertInto('delivery_zones')
      .values(
        zones.map((zone) => ({
          ...base,
          name: zone.name,
          kind: zone.radius_km === undefined ? ('areas' as const) : ('radius' as const),
          postcodes: JSON.stringify(zone.postcodes ?? []),
          suburbs: JSON.stringify(zone.suburbs ?? []),
          radius_km: zone.radius_km ?? null,
          fee_cents: zone.fee_cents,
          minimum_order_cents: zone.minimum_order_cents,
          free_over_cents: freeOver,
          priority: zone.priority,
        })),
      )
      .execute();
  }
}
