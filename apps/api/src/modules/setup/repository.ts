import type {
  AdminDeliveryZoneBody,
  AdminRestaurantBody,
  RestaurantClosureBody,
  RestaurantSpecialHoursBody,
} from '@orderfront/core';
import type { Db } from '../../db/database.js';

const now = () => new Date().toISOString();

const restaurantColumns = [
  'r.id',
  'r.name',
  'r.status',
  'r.street_name',
  'r.suburb',
  'r.city',
  'r.state',
  'r.postcode',
  'r.country',
  'r.phone',
  'r.email',
  'r.latitude',
  'r.longitude',
  'r.timezone',
  'r.image_path',
  'f.lead_time_minutes',
  'f.slot_minutes',
  'f.max_orders_per_slot',
  'f.asap_enabled',
] as const;

const zoneColumns = [
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
  'is_active',
] as const;

/** A restaurant body once placed on the map: coordinates always known. */
export type PlacedRestaurant = AdminRestaurantBody & { latitude: number; longitude: number };

/** A restaurant body → its restaurants row and its fulfilment_settings row. */
function split(body: PlacedRestaurant) {
  const { lead_time_minutes, slot_minutes, max_orders_per_slot, asap_enabled, ...restaurant } = body;
  const asap = asap_enabled === null ? null : Number(asap_enabled);
  return { restaurant, settings: { lead_time_minutes, slot_minutes, max_orders_per_slot, asap_enabled: asap } };
}

/** Set-up reads and writes (decision 037); every query scoped by tenant. `db` may be a transaction. */
export function setupRepository(db: Db) {
  return {
    tenant(tenantId: number) {
      return db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirst();
    },

    async tenantHasOrders(tenantId: number) {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    updateTenant(
      tenantId: number,
      values: {
        name: string;
        legal_name: string | null;
        abn: string | null;
        acn: string | null;
        address: string | null;
        phone: string | null;
        email: string | null;
        tax_name: string;
        tax_rate_bps: number;
        tax_mode: 'inclusive' | 'exclusive';
        currency: string;
        locale: string;
      },
    ) {
      return db
        .updateTable('tenants')
        .set({ ...values, updated_at: now() })
        .where('id', '=', tenantId)
        .execute();
    },

    restaurants(tenantId: number, ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('restaurants as r')
        .leftJoin('fulfilment_settings as f', (join) =>
          join.onRef('f.restaurant_id', '=', 'r.id').onRef('f.tenant_id', '=', 'r.tenant_id'),
        )
        .select(restaurantColumns)
        .where('r.tenant_id', '=', tenantId)
        .where('r.id', 'in', [...ids])
        .orderBy('r.status', 'desc')
        .orderBy('r.name')
        .orderBy('r.id')
        .execute();
    },

    /** Restaurant ids among `ids` that have taken an order. */
    async restaurantsWithOrders(tenantId: number, ids: readonly number[]) {
      if (ids.length === 0) return new Set<number>();
      const rows = await db
        .selectFrom('orders')
        .select('restaurant_id')
        .distinct()
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', 'in', [...ids])
        .execute();
      return new Set(rows.map((r) => r.restaurant_id));
    },

    slugTaken(tenantId: number, slug: string) {
      return db
        .selectFrom('restaurants')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('slug', '=', slug)
        .executeTakeFirst()
        .then((row) => row !== undefined);
    },

    async insertRestaurant(tenantId: number, slug: string, body: PlacedRestaurant) {
      const { restaurant, settings } = split(body);
      const row = await db
        .insertInto('restaurants')
        .values({ ...restaurant, tenant_id: tenantId, slug, status: 1, image_path: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('fulfilment_settings')
        .values({ ...settings, tenant_id: tenantId, restaurant_id: row.id })
        .execute();
      return row.id;
    },

    async updateRestaurant(tenantId: number, id: number, body: PlacedRestaurant) {
      const { restaurant, settings } = split(body);
      await db
        .updateTable('restaurants')
        .set({ ...restaurant, updated_at: now() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
      const updated = await db
        .updateTable('fulfilment_settings')
        .set({ ...settings, updated_at: now() })
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await db
          .insertInto('fulfilment_settings')
          .values({ ...settings, tenant_id: tenantId, restaurant_id: id })
          .execute();
      }
    },

    setStatus(tenantId: number, id: number, status: 0 | 1) {
      return db
        .updateTable('restaurants')
        .set({ status, updated_at: now() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    setImage(tenantId: number, id: number, imagePath: string) {
      return db
        .updateTable('restaurants')
        .set({ image_path: imagePath, updated_at: now() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    deleteRestaurant(tenantId: number, id: number) {
      return db.deleteFrom('restaurants').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },
  };
}

/** The tables of a restaurant's parts: each row belongs to one restaurant of one tenant. */
type Part = 'restaurant_closures' | 'restaurant_special_hours' | 'delivery_zones' | 'dining_tables';

/** A restaurant's closures, delivery zones and dining tables (decision 037); scoped by tenant and restaurant. */
export function partsRepository(db: Db) {
  /** Deletes one part row of the restaurant; false when it has none by that id. */
  const remove = (table: Part) => (tenantId: number, restaurantId: number, id: number) =>
    db
      .deleteFrom(table)
      .where('tenant_id', '=', tenantId)
      .where('restaurant_id', '=', restaurantId)
      .where('id', '=', id)
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows) > 0);

  return {
    closures(tenantId: number, restaurantId: number) {
      return db
        .selectFrom('restaurant_closures')
        .select(['id', 'date', 'method', 'reason'])
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .orderBy('date')
        .orderBy('id')
        .execute();
    },

    insertClosure(tenantId: number, restaurantId: number, body: RestaurantClosureBody) {
      return db
        .insertInto('restaurant_closures')
        .values({ ...body, tenant_id: tenantId, restaurant_id: restaurantId })
        .returning(['id', 'date', 'method', 'reason'])
        .executeTakeFirstOrThrow();
    },

    deleteClosure: remove('restaurant_closures'),

    insertSpecialHours(tenantId: number, restaurantId: number, body: RestaurantSpecialHoursBody) {
      return db
        .insertInto('restaurant_special_hours')
        .values({ ...body, tenant_id: tenantId, restaurant_id: restaurantId })
        .returning(['id', 'date', 'method', 'opens_at', 'closes_at'])
        .executeTakeFirstOrThrow();
    },

    findSpecialHours(tenantId: number, restaurantId: number, id: number) {
      return db
        .selectFrom('restaurant_special_hours')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    updateSpecialHours(tenantId: number, restaurantId: number, id: number, body: RestaurantSpecialHoursBody) {
      return db
        .updateTable('restaurant_special_hours')
        .set({ ...body, updated_at: now() })
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .where('id', '=', id)
        .returning(['id', 'date', 'method', 'opens_at', 'closes_at'])
        .executeTakeFirst();
    },

    deleteSpecialHours: remove('restaurant_special_hours'),

    zones(tenantId: number, restaurantId: number) {
      return db
        .selectFrom('delivery_zones')
        .select(zoneColumns)
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .orderBy('priority')
        .orderBy('id')
        .execute();
    },

    insertZone(tenantId: number, restaurantId: number, body: AdminDeliveryZoneBody) {
      return db
        .insertInto('delivery_zones')
        .values({ ...zoneValues(body), tenant_id: tenantId, restaurant_id: restaurantId })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    },

    updateZone(tenantId: number, restaurantId: number, id: number, body: AdminDeliveryZoneBody) {
      return db
        .updateTable('delivery_zones')
        .set({ ...zoneValues(body), updated_at: now() })
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .where('id', '=', id)
        .executeTakeFirst()
        .then((result) => Number(result.numUpdatedRows) > 0);
    },

    deleteZone: remove('delivery_zones'),

    /** The restaurant's tables; only the one called `name` when given. */
    tables(tenantId: number, restaurantId: number, name?: string) {
      return db
        .selectFrom('dining_tables')
        .select(['id', 'name'])
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .$if(name !== undefined, (q) => q.where('name', '=', name ?? ''))
        .orderBy('id')
        .execute();
    },

    insertTable(tenantId: number, restaurantId: number, name: string) {
      return db
        .insertInto('dining_tables')
        .values({ tenant_id: tenantId, restaurant_id: restaurantId, name })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
    },

    deleteTable: remove('dining_tables'),
  };
}

function zoneValues(body: AdminDeliveryZoneBody) {
  return {
    name: body.name,
    kind: body.kind,
    postcodes: JSON.stringify(body.kind === 'areas' ? body.postcodes : []),
    suburbs: JSON.stringify(body.kind === 'areas' ? body.suburbs : []),
    radius_km: body.kind === 'radius' ? body.radius_km : null,
    fee_cents: body.fee_cents,
    minimum_order_cents: body.minimum_order_cents,
    free_over_cents: body.free_over_cents,
    priority: body.priority,
    is_active: Number(body.is_active),
  };
}
