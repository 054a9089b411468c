import {
  adminCustomerPointsListResponseSchema,
  adminLoyaltyAdjustmentResponseSchema,
  adminLoyaltyParamsSchema,
  adminLoyaltyQuerySchema,
  loyaltyAdjustBodySchema,
  loyaltyQuerySchema,
  loyaltySummaryResponseSchema,
} from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAbility } from '../admin/access.js';
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

  // Who may call is checked before the input is read: 401, then 403, then 400.
  app.get(
    '/v2/admin/loyalty',
    {
      onRequest: requireAbility('loyalty'),
      schema: {
        tags: ['admin'],
        summary: 'Staff: the points of the customer with this email (exact, any case)',
        querystring: adminLoyaltyQuerySchema,
        response: { 200: adminCustomerPointsListResponseSchema },
      },
    },
    async (request) => ({ data: await service.find(userOf(request).tenantId, request.query.email), error: null }),
  );

  app.post(
    '/v2/admin/loyalty/:userId/adjust',
    {
      onRequest: requireAbility('loyaltyAdjust'),
      schema: {
        tags: ['admin'],
        summary: 'Manager: add or deduct a customer’s points with a reason (Idempotency-Key header)',
        errors: {
          409: 'A deduction beyond the balance, or the Idempotency-Key was used for another adjustment',
          422: 'Loyalty points are turned off for this business',
        },
        params: adminLoyaltyParamsSchema,
        body: loyaltyAdjustBodySchema,
        response: { 200: adminLoyaltyAdjustmentResponseSchema, 201: adminLoyaltyAdjustmentResponseSchema },
      },
    },
    async (request, reply) => {
      const staff = userOf(request);
      const key = request.headers['idempotency-key'];
      const { adjustment, created } = await service.adjust(
        staff.tenantId,
        staff.userId,
        request.params.userId,
        request.body,
        Array.isArray(key) ? key[0] : key,
      );
      return reply.status(created ? 201 : 200).send({ data: adjustment, error: null });
    },
  );
};
