import { loyaltyQuerySchema, loyaltySummaryResponseSchema } from '@storefront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnIds, requireUser, userOf } from '../auth/identity.js';
import { loyaltyService } from './service.js';

export const loyaltyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = loyaltyService({ db: app.db });

  app.get(
    '/v2/loyalty',
    {
      preHandler: requireUser,
      schema: {
        tags: ['loyalty'],
        summary: 'The signed-in customer’s points: balance, value, expiry, rules and history',
        querystring: loyaltyQuerySchema,
        response: { 200: loyaltySummaryResponseSchema },
      },
    },
    async (request) => {
      assertOwnIds(request, { tenant_id: request.query.tenant_id });
      const user = userOf(request);
      return { data: await service.summary(user.tenantId, user.userId), error: null };
    },
  );
};
