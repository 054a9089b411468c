import { adminHoursBodySchema, adminHoursResponseSchema, adminRestaurantQuerySchema } from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAbility, staffAccess } from './access.js';
import { adminService } from './service.js';

const ok = <T>(data: T) => ({ data, error: null });

/** A restaurant's opening hours per method and weekday. */
export const hoursRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = staffAccess(app.db);
  const admin = adminService(app.db);
  const tags = ['admin'];

  app.get(
    '/v2/admin/hours',
    {
      preValidation: requireAbility('hours'),
      schema: {
        tags,
        summary: "A restaurant's opening hours per method and weekday (manager and owner)",
        querystring: adminRestaurantQuerySchema,
        response: { 200: adminHoursResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.query.restaurant_id);
      return ok(await admin.hours(tenantId, restaurant));
    },
  );

  app.put(
    '/v2/admin/hours',
    {
      preValidation: requireAbility('hours'),
      schema: {
        tags,
        summary: "Replace a restaurant's opening hours (a day left out is closed for that method)",
        body: adminHoursBodySchema,
        response: { 200: adminHoursResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.body.restaurant_id);
      return ok(await admin.replaceHours(tenantId, restaurant, request.body.hours));
    },
  );
};
