import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, ReservationsTable } from '../../db/schema.js';

type Executor = Db | Transaction<Database>;

const restaurantColumns = [
  'restaurants.id',
  'restaurants.name',
  'restaurants.street_name',
  'restaurants.suburb',
  'restaurants.city',
  'restaurants.phone',
  'restaurants.timezone',
] as const;

const settingsColumns = [
  's.slot_minutes',
  's.stay_minutes',
  's.capacity_unit',
  's.capacity_per_slot',
  's.min_party',
  's.max_party',
  's.horizon_days',
  's.min_notice_minutes',
  's.cancel_cutoff_minutes',
  's.max_active_per_customer',
] as const;

/** Every read and write of reservations; each scoped by tenant. */
export function reservationRepository(db: Db) {
  return { ...restaurantRows(db), ...bookingReads(db), ...bookingWrites(db) };
}

/** Restaurants that take bookings, their rules, hours and closures. */
function restaurantRows(db: Db) {
  return {
    /** Active restaurants of the tenant that take bookings online, with their rules. */
    listBookableRestaurants(tenantId: number) {
      return db
        .selectFrom('restaurants')
        .innerJoin('reservation_settings as s', 's.restaurant_id', 'restaurants.id')
        .select(restaurantColumns)
        .select(settingsColumns)
        .where('restaurants.tenant_id', '=', tenantId)
        .where('restaurants.status', '=', 1)
        .where('s.tenant_id', '=', tenantId)
        .where('s.enabled', '=', 1)
        .orderBy('restaurants.name')
        .execute();
    },

    findBookableRestaurant(tenantId: number, restaurantId: number) {
      return db
        .selectFrom('restaurants')
        .innerJoin('reservation_settings as s', 's.restaurant_id', 'restaurants.id')
        .select(restaurantColumns)
        .select(settingsColumns)
        .where('restaurants.tenant_id', '=', tenantId)
        .where('restaurants.id', '=', restaurantId)
        .where('restaurants.status', '=', 1)
        .where('s.tenant_id', '=', tenantId)
        .where('s.enabled', '=', 1)
        .executeTakeFirst();
    },

    /** Restaurant details for showing a booking, whatever its status now. */
    findRestaurant(tenantId: number, restaurantId: number) {
      return db
        .selectFrom('restaurants')
        .leftJoin('reservation_settings as s', 's.restaurant_id', 'restaurants.id')
        .select(restaurantColumns)
        .select(['s.cancel_cutoff_minutes', 's.stay_minutes'])
        .where('restaurants.tenant_id', '=', tenantId)
        .where('restaurants.id', '=', restaurantId)
        .executeTakeFirst();
    },

    hours(tenantId: number, restaurantId: number) {
      return db
        .selectFrom('reservation_hours')
        .select(['weekday', 'opens_at', 'closes_at'])
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .orderBy('weekday')
        .orderBy('opens_at')
        .execute();
    },

    async closures(tenantId: number, restaurantId: number) {
      const rows = await db
        .selectFrom('reservation_closures')
        .select('date')
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .execute();
      return rows.map((row) => row.date);
    },
  };
}

/** Bookings as read by the guest, the account and the back office. */
function bookingReads(db: Db) {
  return {
    /** Units already taken per seating between two instants. */
    bookedBetween(tenantId: number, restaurantId: number, from: string, to: string) {
      return db
        .selectFrom('reservation_slots')
        .select(['starts_at', 'capacity', 'booked'])
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .where('starts_at', '>=', from)
        .where('starts_at', '<=', to)
        .execute();
    },

    findByIdempotencyKey(tenantId: number, key: string) {
      return db
        .selectFrom('reservations')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    findByReference(tenantId: number, reference: string) {
      return db
        .selectFrom('reservations')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('reference', '=', reference)
        .executeTakeFirst();
    },

    listForUser(tenantId: number, userId: number) {
      return db
        .selectFrom('reservations')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .orderBy('starts_at')
        .execute();
    },

    /** A restaurant's bookings of one service day, in time order (back office). */
    forDay(tenantId: number, restaurantId: number, serviceDate: string) {
      return db
        .selectFrom('reservations')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .where('service_date', '=', serviceDate)
        .orderBy('starts_at')
        .orderBy('id')
        .execute();
    },

    findById(tenantId: number, restaurantId: number, id: number) {
      return db
        .selectFrom('reservations')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}

/** Seating capacity and booking writes; each runs on the caller's transaction. */
function bookingWrites(db: Db) {
  return {
    transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    /**
     * Takes `units` of the seating's capacity, creating its row on first use. False when it is full.
     * One conditional UPDATE: on PostgreSQL concurrent takers queue on the row lock and re-check the
     * condition; on SQLite transactions are serialised. Either way the capacity is never exceeded.
     */
    async takeSlot(
      trx: Executor,
      slot: { tenantId: number; restaurantId: number; startsAt: string; capacity: number },
      units: number,
    ): Promise<number | null> {
      await trx
        .insertInto('reservation_slots')
        .values({
          tenant_id: slot.tenantId,
          restaurant_id: slot.restaurantId,
          starts_at: slot.startsAt,
          capacity: slot.capacity,
        })
        .onConflict((oc) => oc.columns(['restaurant_id', 'starts_at']).doNothing())
        .execute();
      const row = await trx
        .updateTable('reservation_slots')
        .set((eb) => ({ booked: eb('booked', '+', units), updated_at: new Date().toISOString() }))
        .where('tenant_id', '=', slot.tenantId)
        .where('restaurant_id', '=', slot.restaurantId)
        .where('starts_at', '=', slot.startsAt)
        .where((eb) => eb(eb('booked', '+', units), '<=', eb.ref('capacity')))
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async releaseSlot(trx: Executor, tenantId: number, slotId: number, units: number) {
      await trx
        .updateTable('reservation_slots')
        .set((eb) => ({ booked: eb('booked', '-', units), updated_at: new Date().toISOString() }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', slotId)
        .where('booked', '>=', units)
        .execute();
    },

    /** Counts one more active booking for the customer that day, unless that would pass `limit`. */
    async takeCustomerDay(
      trx: Executor,
      day: { tenantId: number; restaurantId: number; serviceDate: string; customerKey: string },
      limit: number,
    ): Promise<boolean> {
      await trx
        .insertInto('reservation_customer_days')
        .values({
          tenant_id: day.tenantId,
          restaurant_id: day.restaurantId,
          service_date: day.serviceDate,
          customer_key: day.customerKey,
        })
        .onConflict((oc) => oc.columns(['restaurant_id', 'service_date', 'customer_key']).doNothing())
        .execute();
      const result = await trx
        .updateTable('reservation_customer_days')
        .set((eb) => ({ active: eb('active', '+', 1) }))
        .where('tenant_id', '=', day.tenantId)
        .where('restaurant_id', '=', day.restaurantId)
        .where('service_date', '=', day.serviceDate)
        .where('customer_key', '=', day.customerKey)
        .where('active', '<', limit)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async releaseCustomerDay(
      trx: Executor,
      day: { tenantId: number; restaurantId: number; serviceDate: string; customerKey: string },
    ) {
      await trx
        .updateTable('reservation_customer_days')
        .set((eb) => ({ active: eb('active', '-', 1) }))
        .where('tenant_id', '=', day.tenantId)
        .where('restaurant_id', '=', day.restaurantId)
        .where('service_date', '=', day.serviceDate)
        .where('customer_key', '=', day.customerKey)
        .where('active', '>', 0)
        .execute();
    },

    insert(trx: Executor, values: Insertable<ReservationsTable>) {
      return trx.insertInto('reservations').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /** Confirmed → cancelled; false when it was not confirmed any more (a second cancel changes nothing). */
    async markCancelled(trx: Executor, tenantId: number, id: number, at: string): Promise<boolean> {
      const result = await trx
        .updateTable('reservations')
        .set({ status: 'cancelled', cancelled_at: at, updated_at: at })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('status', '=', 'confirmed')
        // A party already seated (or marked a no-show) is not cancelled any more.
        .where('visit_status', '=', 'booked')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Moves a confirmed booking's visit status, only from the one it was read with. */
    async setVisitStatus(
      tenantId: number,
      id: number,
      from: 'booked' | 'seated' | 'no_show',
      to: 'booked' | 'seated' | 'no_show',
    ): Promise<boolean> {
      const result = await db
        .updateTable('reservations')
        .set({ visit_status: to, updated_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('status', '=', 'confirmed')
        .where('visit_status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type ReservationRepository = ReturnType<typeof reservationRepository>;
