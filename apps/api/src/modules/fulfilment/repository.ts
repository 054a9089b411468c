import type { FulfilmentMethod, SpecialHours } from '@orderfront/core';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { precompiled } from '../../db/precompiled.js';

// Typed, so PostgreSQL can match the union's columns (an untyped null in two branches reads as text).
const noNumber = sql<null>`cast(null as integer)`;
const noText = sql<null>`cast(null as text)`;

/**
 * A method's weekly hours, closed dates and special hours from `fromDate` on and the restaurant's
 * fulfilment settings in one statement (decisions 053, 073): every order and times answer reads them
 * all, and each statement costs more in the driver than in SQLite. `kind` tells the rows apart.
 */
const rulesRows = precompiled(
  (db: Db, tenantId: number, restaurantId: number, method: FulfilmentMethod, fromDate: string) =>
    db
      .selectFrom('restaurant_hours')
      .select([
        sql.lit('hours').as('kind'),
        sql<number | null>`weekday`.as('n1'),
        sql<number | null>`cast(null as integer)`.as('n2'),
        sql<number | null>`cast(null as integer)`.as('n3'),
        sql<number | null>`cast(null as integer)`.as('n4'),
        sql<string | null>`opens_at`.as('t1'),
        sql<string | null>`closes_at`.as('t2'),
        sql<string | null>`cast(null as text)`.as('t3'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('restaurant_id', '=', restaurantId)
      .where('method', '=', method)
      .unionAll(
        db
          .selectFrom('restaurant_closures')
          .select([
            sql.lit('closed').as('kind'),
            noNumber.as('n1'),
            noNumber.as('n2'),
            noNumber.as('n3'),
            noNumber.as('n4'),
            'date as t1',
            noText.as('t2'),
            noText.as('t3'),
          ])
          .where('tenant_id', '=', tenantId)
          .where('restaurant_id', '=', restaurantId)
          .where('date', '>=', fromDate)
          .where((eb) => eb.or([eb('method', 'is', null), eb('method', '=', method)])),
      )
      .unionAll(
        db
          .selectFrom('fulfilment_settings')
          .select([
            sql.lit('settings').as('kind'),
            'lead_time_minutes as n1',
            'slot_minutes as n2',
            'max_orders_per_slot as n3',
            'asap_enabled as n4',
            noText.as('t1'),
            noText.as('t2'),
            noText.as('t3'),
          ])
          .where('tenant_id', '=', tenantId)
          .where('restaurant_id', '=', restaurantId),
      )
      .unionAll(
        db
          .selectFrom('restaurant_special_hours')
          .select([
            sql.lit('special').as('kind'),
            noNumber.as('n1'),
            noNumber.as('n2'),
            noNumber.as('n3'),
            noNumber.as('n4'),
            'date as t1',
            'opens_at as t2',
            'closes_at as t3',
          ])
          .where('tenant_id', '=', tenantId)
          .where('restaurant_id', '=', restaurantId)
          .where('method', '=', method)
          .where('date', '>=', fromDate),
      ),
);

/**
 * Every pickup and delivery order takes a slot in this one statement (decisions 053, 059): the row
 * is made holding the order (a capacity is at least 1, a check of `fulfilment_settings`), or the
 * row there gains one while it holds fewer than `capacity`; nothing is returned when full. On
 * PostgreSQL a concurrent claimer waits on the new row's key or on the row's lock, then checks the
 * condition against the row as committed; on SQLite transactions are serialised.
 */
const claimInSlot = precompiled(
  (db: Db, at: string, tenantId: number, restaurantId: number, slotStart: string, capacity: number) =>
    db
      .insertInto('kitchen_slots')
      .values({ tenant_id: tenantId, restaurant_id: restaurantId, slot_start: slotStart, orders: 1, updated_at: at })
      .onConflict((oc) =>
        oc
          .columns(['restaurant_id', 'slot_start'])
          .doUpdateSet((eb) => ({
            orders: eb('kitchen_slots.orders', '+', 1),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          .where('kitchen_slots.tenant_id', '=', tenantId)
          .where('kitchen_slots.orders', '<', capacity),
      )
      .returning('orders'),
);

/**
 * Kysely only. Every function takes the executor to run on: the service passes the caller's
 * transaction when there is one (on SQLite the transaction holds the only connection).
 */
export const fulfilmentRepository = {
  restaurant(ex: Db, tenantId: number, restaurantId: number) {
    return ex
      .selectFrom('restaurants')
      .select(['id', 'name', 'status', 'timezone', 'latitude', 'longitude', 'country'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', restaurantId)
      .executeTakeFirst();
  },

  /**
   * A method's weekly hours, its closed dates (decision 037) and special hours (043) from `fromDate`
   * on, by local date, and the restaurant's settings.
   */
  async rules(ex: Db, tenantId: number, restaurantId: number, method: FulfilmentMethod, fromDate: string) {
    const hours: { weekday: number; opens_at: string; closes_at: string }[] = [];
    const closedDates: string[] = [];
    let settings:
      | { lead_time_minutes: number; slot_minutes: number; max_orders_per_slot: number; asap_enabled: number | null }
      | undefined;
    const specialHours: Record<string, SpecialHours[]> = {};
    for (const row of await rulesRows(ex, tenantId, restaurantId, method, fromDate)) {
      if (row.kind === 'hours') {
        hours.push({ weekday: Number(row.n1), opens_at: String(row.t1), closes_at: String(row.t2) });
      } else if (row.kind === 'closed') closedDates.push(String(row.t1));
      else if (row.kind === 'special') {
        const date = String(row.t1);
        specialHours[date] = [...(specialHours[date] ?? []), { opens_at: String(row.t2), closes_at: String(row.t3) }];
      } else {
        settings = {
          lead_time_minutes: Number(row.n1),
          slot_minutes: Number(row.n2),
          max_orders_per_slot: Number(row.n3),
          asap_enabled: row.n4 === null ? null : Number(row.n4),
        };
      }
    }
    return { hours, closedDates, settings, specialHours };
  },

  zones(ex: Db, tenantId: number, restaurantId: number) {
    return ex
      .selectFrom('delivery_zones')
      .select([
        'id',
        'name',
        'kind',
        'postcodes',
        'suburbs',
        'radius_km',
        'fee_cents',
        'minimum_order_cents',
        'free_over_cents',
        'priority',
      ])
      .where('tenant_id', '=', tenantId)
      .where('restaurant_id', '=', restaurantId)
      .where('is_active', '=', 1)
      .execute();
  },

  /** Orders per kitchen slot starting in [from, to]. */
  slotCounts(ex: Db, tenantId: number, restaurantId: number, from: string, to: string) {
    return ex
      .selectFrom('kitchen_slots')
      .select(['slot_start', 'orders'])
      .where('tenant_id', '=', tenantId)
      .where('restaurant_id', '=', restaurantId)
      .where('slot_start', '>=', from)
      .where('slot_start', '<=', to)
      .where('orders', '>', 0)
      .execute();
  },

  /** One more order in the slot unless it holds `capacity` already; false when full. */
  async takeSlot(
    ex: Db,
    slot: { tenantId: number; restaurantId: number; slotStart: string; capacity: number },
  ): Promise<boolean> {
    const [taken] = await claimInSlot(
      ex,
      new Date().toISOString(),
      slot.tenantId,
      slot.restaurantId,
      slot.slotStart,
      slot.capacity,
    );
    return taken !== undefined;
  },

  async releaseSlot(ex: Db, slot: { tenantId: number; restaurantId: number; slotStart: string }): Promise<boolean> {
    const result = await ex
      .updateTable('kitchen_slots')
      .set((eb) => ({ orders: eb('orders', '-', 1), updated_at: new Date().toISOString() }))
      .where('tenant_id', '=', slot.tenantId)
      .where('restaurant_id', '=', slot.restaurantId)
      .where('slot_start', '=', slot.slotStart)
      .where('orders', '>', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
};
