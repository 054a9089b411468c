import {
  adminCouponResponseSchema,
  adminCouponsQuerySchema,
  adminCouponsResponseSchema,
  couponIdParamsSchema,
  createCouponBodySchema,
  updateCouponBodySchema,
} from '@orderfront/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { guard } from '../../lib/guards.js';
import { requireRole, userOf } from '../auth/identity.js';
import { couponService } from './service.js';

const requireManager = requireRole('manager', 'owner');

/** After validation: 403 when the tenant_id sent is not the manager's own business. */
const requireOwnTenant = guard(
  async (request: FastifyRequest) => {
    const source = (request.method === 'GET' ? request.query : request.body) as { tenant_id?: unknown } | undefined;
    if (Number(source?.tenant_id) !== userOf(request).tenantId) {
      throw new AppError('forbidden', 'Only managers of this business may change its coupons');
    }
  },
  { caller: 'user', forbids: true },
);

/** The back office's coupon calls (its screens: docs/decisions/017-back-office.md). */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const coupons = couponService(app.db);
  const tags = ['coupons'];

  app.get(
    '/v2/admin/coupons',
    {
      // The role is checked before the input (no token 401, a customer 403), the tenant after it.
      onRequest: requireManager,
      preHandler: requireOwnTenant,
      schema: {
        tags,
        summary: "The tenant's coupons with their usage (managers and owners)",
        querystring: adminCouponsQuerySchema,
        response: { 200: adminCouponsResponseSchema },
      },
    },
    async (request) => ({ data: await coupons.list(request.query.tenant_id), error: null }),
  );

  app.post(
    '/v2/admin/coupons',
    {
      onRequest: requireManager,
      preHandler: requireOwnTenant,
      schema: {
        tags,
        summary: 'Create a coupon (managers and owners)',
        errors: { 409: 'Another coupon already has this code' },
        body: createCouponBodySchema,
        response: { 201: adminCouponResponseSchema },
      },
    },
    async (request, reply) => {
      const { tenant_id, ...fields } = request.body;
      return reply.code(201).send({ data: await coupons.create(tenant_id, fields), error: null });
    },
  );

  app.patch(
    '/v2/admin/coupons/:id',
    {
      onRequest: requireManager,
      preHandler: requireOwnTenant,
      schema: {
        tags,
        summary: 'Edit or disable (is_active: false) a coupon (managers and owners)',
        params: couponIdParamsSchema,
        body: updateCouponBodySchema,
        response: { 200: adminCouponResponseSchema },
      },
    },
    async (request) => {
      const { tenant_id, ...changes } = request.body;
      return { data: await coupons.update(tenant_id, request.params.id, changes), error: null };
    },
  );
};
