import { adminRewardsBodySchema, adminRewardsResponseSchema } from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAbility } from '../admin/access.js';
import { userOf } from '../auth/identity.js';
import { rewardsService } from './service.js';

/**
 * The owner's loyalty programme and gift card options (decision 019). A change applies to orders
 * and purchases from now on; points and cards already held keep their value.
 */
export const rewardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const requireOwner = requireAbility('rewards');
  const service = rewardsService({ db: app.db });

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
    async (request) => ({ data: await service.get(userOf(request).tenantId), error: null }),
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
    async (request) => ({ data: await service.save(userOf(request).tenantId, request.body), error: null }),
  );
};
