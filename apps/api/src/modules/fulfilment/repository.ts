import type { FulfilmentMethod } from '@orderfront/core';
import type { Db } from '../../db/database.js';

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

  hours(ex: Db, tenantId: number, restaurantId: number, method: FulfilmentMethod) {
    return ex
      .selectFrom('restaurant_hours')
      .select(['weekday', 'opens_at', 'closes_at'])
      .where('tenant_id', '=', tenantId)
      .where('restaurant_id', '=', restaurantId)
      .where('method', '=', method)
      .execute();
  },

  /** Local dates from `fromDate` on that are closed for `method` (public holidays, closures; decision 037). */
  closedDates(ex: Db, tenantId: number, restaurantId: number, method: FulfilmentMethod, fromDate: string) {
    return ex
      .selectFrom('restaurant_closures')
      .select('date')
      .where('tenant_id', '=', tenantId)
      .where('restaurant_id', '=', restaurantId)
      .where('date', '>=', fromDate)
      .where((eb) => eb.or([eb('method', 'is', null), eb('method', '=', method)]))
      .execute()
      .then((rows) => rows.map((row) => row.date));
  },

  settings(ex: Db, tenantId: number, restaurantId: number) {
    return ex
      .selectFrom('fulfilment_settings')
      .select(['lead_time_minutes', 'slot_minutes', 'max_orders_per_slot', 'asap_enabled'])
      .where('tenant_id', '=', tenantId)
      .where('restaurant_id', '=', restaurantId)
      .executeTakeFirst();
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

  /**
   * One more order in the slot unless it holds `capacity` already; false when full. The row is made
   * on first use, then one conditional UPDATE: on PostgreSQL concurrent claimers queue on the row
   * lock and re-check the condition, on SQLite transactions are serialised; either way the count
   * never passes capacity.
   */
  async takeSlot(
    ex: Db,
    slot: { tenantId: number; restaurantId: number; slotStart: string; capacity: number },
  ): Promise<boolean> {
    await ex
      .insertInto('kitchen_slots')
      .values({ tenant_id: slot.tenantId, restaurant_id: slot.restaurantId, slot_start: slot.slotStart })
      .onConflict((oc) => oc.columns(['restaurant_id', 'slot_start']).doNothing())
      .execute();
    const result = await ex
      .updateTable('kitchen_slots')
      .set((eb) => ({ orders: eb('orders', '+', 1), updated_at: new Date().toISOString() }))
      .where('tenant_id', '=', slot.tenantId)
      .where('restaurant_id', '=', slot.restaurantId)
      .where('slot_start', '=', slot.slotStart)
      .where('orders', '<', slot.capacity)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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
