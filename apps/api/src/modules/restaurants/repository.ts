import type { FulfilmentMethod } from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { precompiled } from '../../db/precompiled.js';

/** One restaurant's special hours: every order and times answer reads them (decision 053), built once. */
const specialHoursOfOne = precompiled((db: Db, tenantId: number, restaurantId: number, fromDate: string) =>
  db
    .selectFrom('restaurant_special_hours')
    .select(['id', 'date', 'method', 'opens_at', 'closes_at'])
    .where('tenant_id', '=', tenantId)
    .where('restaurant_id', '=', restaurantId)
    .where('date', '>=', fromDate)
    .orderBy('date')
    .orderBy('method')
    .orderBy('opens_at'),
);

export function restaurantRepository(db: Db) {
  return {
    /** specialHoursFrom for one restaurant. */
    specialHoursOf: (tenantId: number, restaurantId: number, fromDate: string) =>
      specialHoursOfOne(db, tenantId, restaurantId, fromDate),

    /** One tenant's restaurants of one status, by name. */
    listByStatus(tenantId: number, status: number) {
      return db
        .selectFrom('restaurants')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('status', '=', status)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    findById(tenantId: number, id: number) {
      return db
        .selectFrom('restaurants')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The restaurants' special hours from `fromDate` on (decision 043), by date, method and opening. */
    specialHoursFrom(tenantId: number, restaurantIds: number[], fromDate: string) {
      if (restaurantIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('restaurant_special_hours')
        .select(['id', 'restaurant_id', 'date', 'method', 'opens_at', 'closes_at'])
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', 'in', restaurantIds)
        .where('date', '>=', fromDate)
        .orderBy('date')
        .orderBy('method')
        .orderBy('opens_at')
        .execute();
    },

    /** The restaurants' closed dates from `fromDate` on (decision 037). */
    closuresFrom(tenantId: number, restaurantIds: number[], fromDate: string) {
      if (restaurantIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('restaurant_closures')
        .select(['restaurant_id', 'date', 'method', 'reason'])
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', 'in', restaurantIds)
        .where('date', '>=', fromDate)
        .orderBy('date')
        .orderBy('id')
        .execute();
    },

    /** Opening hours of the given restaurants (every method, or one), in one query. */
    hoursFor(tenantId: number, restaurantIds: number[], method?: FulfilmentMethod) {
      if (restaurantIds.length === 0) return Promise.resolve([]);
      let query = db
        .selectFrom('restaurant_hours')
        .select(['restaurant_id', 'method', 'weekday', 'opens_at', 'closes_at'])
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', 'in', restaurantIds);
      if (method) query = query.where('method', '=', method);
      return query.orderBy('restaurant_id').orderBy('method').orderBy('weekday').orderBy('opens_at').execute();
    },
  };
}
