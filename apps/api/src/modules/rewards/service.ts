import type { AdminRewards, AdminRewardsBody } from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { giftCardSettings } from '../gift-cards/service.js';
import { loyaltyRules } from '../loyalty/service.js';
import { tenantService } from '../tenants/service.js';

/**
 * The owner's loyalty programme and gift card options (decision 019). A change applies to orders
 * and purchases from now on; points and cards already held keep their value.
 */
export function rewardsService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const tenants = tenantService(db);

  async function get(tenantId: number): Promise<AdminRewards> {
    const tenant = await tenants.byId(tenantId);
    if (!tenant) throw new AppError('not_found', 'Business not found');
    return {
      currency: tenant.currency,
      loyalty: await loyaltyRules.of(db, tenantId),
      gift_cards: await giftCardSettings.of(db, tenantId),
    };
  }

  /** Both sent whole and saved in one transaction, so a half-saved programme never exists. */
  async function save(tenantId: number, body: AdminRewardsBody): Promise<AdminRewards> {
    const at = now();
    await db.transaction().execute(async (trx) => {
      await loyaltyRules.save(trx, tenantId, body.loyalty, at);
      await giftCardSettings.save(trx, tenantId, body.gift_cards, at);
    });
    return get(tenantId);
  }

  return { get, save };
}
