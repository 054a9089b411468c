import type { ProductHighlights } from '@storefront/core';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';

/**
 * Best-selling (from order lines) and fresh additions (newest products) for the home page.
 * Neither products nor orders exist yet (catalogue and orders are their own issues), so both lists
 * are empty and the web app hides the sections; the catalogue issue fills this in from its tables.
 */
export function highlightsService(db: Db) {
  async function forHome(tenantId: number, restaurantId: number | null): Promise<ProductHighlights> {
    const tenant = await db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst();
    if (!tenant) throw new AppError('not_found', 'Tenant not found');
    if (restaurantId !== null) {
      const restaurant = await db
        .selectFrom('restaurants')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', restaurantId)
        .executeTakeFirst();
      if (!restaurant) throw new AppError('not_found', 'Restaurant not found');
    }
    return { best_selling: [], fresh_additions: [] };
  }
  return { forHome };
}
