import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { precompiled } from '../../db/precompiled.js';
import type { OrderingControlsTable } from '../../db/schema.js';

const controlColumns = [
  'busy_minutes',
  'paused_until',
  'pickup_enabled',
  'delivery_enabled',
  'dine_in_enabled',
] as const;

/** A restaurant's ordering controls row (defaults when it has none). */
export type OrderingRow = Pick<Selectable<OrderingControlsTable>, (typeof controlColumns)[number]>;

/** What every cart add and order checks first: built once (decision 050). */
const rowsWithControls = precompiled((db: Db, tenantId: number, restaurantId: number) =>
  db
    .selectFrom('app_settings as s')
    .leftJoin('ordering_controls as oc', (join) =>
      join.onRef('oc.tenant_id', '=', 's.tenant_id').on('oc.restaurant_id', '=', restaurantId),
    )
    .select(['s.restaurant_id', 's.web_config', 's.payment_gateway_config', 's.is_online_order_enabled'])
    .select(['oc.restaurant_id as controls_of', ...controlColumns.map((c) => `oc.${c}` as const)])
    .where('s.tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('s.restaurant_id', 'is', null), eb('s.restaurant_id', '=', restaurantId)])),
);

export function settingsRepository(db: Db) {
  return {
    /** The tenant's row and, when asked, the restaurant's override row: one query. */
    findRows(tenantId: number, restaurantId: number | null) {
      return db
        .selectFrom('app_settings')
        .select(['restaurant_id', 'web_config', 'payment_gateway_config', 'is_online_order_enabled'])
        .where('tenant_id', '=', tenantId)
        .where((eb) =>
          restaurantId === null
            ? eb('restaurant_id', 'is', null)
            : eb.or([eb('restaurant_id', 'is', null), eb('restaurant_id', '=', restaurantId)]),
        )
        .execute();
    },
    /**
     * findRows for a restaurant, each row with the restaurant's ordering controls (undefined when it
     * has none): the settings an order or a cart add checks, in one query.
     */
    async findRowsWithControls(tenantId: number, restaurantId: number) {
      const rows = await rowsWithControls(db, tenantId, restaurantId);
      return rows.map(
        ({ controls_of, busy_minutes, paused_until, pickup_enabled, delivery_enabled, dine_in_enabled, ...row }) => ({
          ...row,
          controls:
            controls_of === null
              ? undefined
              : ({ busy_minutes, paused_until, pickup_enabled, delivery_enabled, dine_in_enabled } as OrderingRow),
        }),
      );
    },
    restaurantExists(tenantId: number, restaurantId: number) {
      return db
        .selectFrom('restaurants')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', restaurantId)
        .executeTakeFirst()
        .then(Boolean);
    },
    /** The restaurant's ordering controls row, if it has one (defaults otherwise). */
    findOrderingControls(tenantId: number, restaurantId: number) {
      return db
        .selectFrom('ordering_controls')
        .select(controlColumns)
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst();
    },
    async saveOrderingControls(
      tenantId: number,
      restaurantId: number,
      changes: Partial<{
        busy_minutes: number;
        paused_until: string | null;
        pickup_enabled: number;
        delivery_enabled: number;
        dine_in_enabled: number;
      }>,
    ) {
      const updated_at = new Date().toISOString();
      await db
        .insertInto('ordering_controls')
        .values({ tenant_id: tenantId, restaurant_id: restaurantId, paused_until: null, ...changes, updated_at })
        .onConflict((oc) => oc.column('restaurant_id').doUpdateSet({ ...changes, updated_at }))
        .execute();
    },
    /** Switches online ordering of one restaurant (its override row, made if missing). */
    async setRestaurantOnlineOrdering(tenantId: number, restaurantId: number, enabled: boolean) {
      const value = enabled ? 1 : 0;
      const updated = await db
        .updateTable('app_settings')
        .set({ is_online_order_enabled: value, updated_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return;
      await db
        .insertInto('app_settings')
        .values({
          tenant_id: tenantId,
          restaurant_id: restaurantId,
          web_config: '{}',
          payment_gateway_config: '{}',
          payment_gateway_secrets: null,
          is_online_order_enabled: value,
        })
        .execute();
    },
    /** The tenant row's payment columns (public config and secrets). */
    findTenantPayment(tenantId: number) {
      return db
        .selectFrom('app_settings')
        .select(['payment_gateway_config', 'payment_gateway_secrets'])
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', 'is', null)
        .executeTakeFirst();
    },
    /** Replaces the tenant row's payment provider: public config and secrets together. */
    async saveTenantPayment(tenantId: number, config: string, secrets: string | null) {
      await db
        .updateTable('app_settings')
        .set({ payment_gateway_config: config, payment_gateway_secrets: secrets, updated_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', 'is', null)
        .execute();
    },
    /** Replaces the saved theme of the tenant (restaurantId null) or of one restaurant. */
    async saveWebConfig(tenantId: number, restaurantId: number | null, webConfig: string) {
      const now = new Date().toISOString();
      const updated = await db
        .updateTable('app_settings')
        .set({ web_config: webConfig, updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where((eb) =>
          restaurantId === null ? eb('restaurant_id', 'is', null) : eb('restaurant_id', '=', restaurantId),
        )
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return;
      await db
        .insertInto('app_settings')
        .values({
          tenant_id: tenantId,
          restaurant_id: restaurantId,
          web_config: webConfig,
          payment_gateway_config: '{}',
          payment_gateway_secrets: null,
          // A new restaurant row must not switch ordering on or off by itself: it inherits.
          is_online_order_enabled: await db
            .selectFrom('app_settings')
            .select('is_online_order_enabled')
            .where('tenant_id', '=', tenantId)
            .where('restaurant_id', 'is', null)
            .executeTakeFirst()
            .then((row) => row?.is_online_order_enabled ?? 1),
        })
        .execute();
    },
  };
}
