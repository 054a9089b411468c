import { type AdminRewards, adminRewardsBodySchema, adminRewardsResponseSchema } from '@storefront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { requireAbility } from '../admin/access.js';
import { userOf } from '../auth/identity.js';
import { giftCardSettingsOf, saveGiftCardSettings } from '../gift-cards/settings.js';
import { rulesOf, saveRules } from '../loyalty/ledger.js';

async function rewardsOf(db: Db, tenantId: number): Promise<AdminRewards> {
  const tenant = await db.selectFrom('tenants').select('currency').where('id', '=', tenantId).executeTakeFirst();
  if (!tenant) throw new AppError('not_found', 'Business not found');
  return {
    currency: tenant.currency,
    loyalty: await rulesOf(db, tenantId),
    gift_cards: await giftCardSettingsOf(db, tenantId),
  };
}

/**
 * The owner's loyalty programme and gift card options (issue 9's per-tenant rules). A change
 * applies to orders and purchases from now on; points and cards already held keep their value.
 */
export const rewardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const requireOwner = requireAbility('rewards');

  app.get(
    '/v2/admin/rewards',
    {
      onRequest: requireOwner,
      schema: {
        tags,
        summary: 'Owner: the loyalty points rules and gift card options',
        response: { 200: adminRewardsResponseSchema },
      },
    },
    async (request) => ({ data: await rewardsOf(app.db, userOf(request).tenantId), error: null }),
  );

  app.put(
    '/v2/admin/rewards',
    {
      onRequest: requireOwner,
      schema: {
        tags,
        summary: 'Owner: set the loyalty points rules and gift card options (both, as a whole)',
        body: adminRewardsBodySchema,
        response: { 200: adminRewardsResponseSchema },
      },
    },
    async (request) => {
      const { tenantId } = userOf(request);
      const now = new Date();
      await app.db.transaction().execute(async (trx) => {
        await saveRules(trx, tenantId, request.body.loyalty, now);
        await saveGiftCardSettings(trx, tenantId, request.body.gift_cards, now);
      });
      return { data: await rewardsOf(app.db, tenantId), error: null };
    },
  );
};
