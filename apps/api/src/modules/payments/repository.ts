import type { Db } from '../../db/database.js';

/** Gateway settings rows (app_settings): a tenant's, and a restaurant's that override them. */
export function paymentRepository(db: Db) {
  return {
    gatewayRows: (tenantId: number) =>
      db
        .selectFrom('app_settings')
        .select(['restaurant_id', 'payment_gateway_config', 'payment_gateway_secrets'])
        .where('tenant_id', '=', tenantId)
        .execute(),

    /** Every tenant's rows: the startup check of Stripe keys. */
    allGatewayRows: () =>
      db
        .selectFrom('app_settings')
        .select(['tenant_id', 'restaurant_id', 'payment_gateway_config', 'payment_gateway_secrets'])
        .execute(),
  };
}
