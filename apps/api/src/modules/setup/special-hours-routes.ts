import {
  adminIdParamsSchema,
  restaurantSpecialHoursBodySchema,
  restaurantSpecialHoursListResponseSchema,
  restaurantSpecialHoursResponseSchema,
  restaurantSubParamsSchema,
} from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleted, ok, partsDeps } from './route-support.js';

/** A restaurant's special hours on dates (decision 043), managed beside its closures. */
export const specialHoursRoutes: FastifyPluginAsyncZod = async (app) => {
  const { setup, access, tags, manager } = partsDeps(app);

  app.get(
    '/v2/admin/restaurants/:id/special-hours',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: "Hours of their own on a date, from today on (they replace that weekday's hours)",
        params: adminIdParamsSchema,
        response: { 200: restaurantSpecialHoursListResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      return ok(await setup.specialHours(tenantId, restaurant));
    },
  );

  app.post(
    '/v2/admin/restaurants/:id/special-hours',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Give a method special hours on a date (e.g. 24 Dec 10:00–14:00); a past date is a 400',
        params: adminIdParamsSchema,
        body: restaurantSpecialHoursBodySchema,
        errors: { 409: "Overlaps that date's special hours for the method: nothing is stored" },
        response: { 200: restaurantSpecialHoursResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      return ok(await setup.addSpecialHours(tenantId, restaurant, request.body));
    },
  );

  app.put(
    '/v2/admin/restaurants/:id/special-hours/:item_id',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Change special hours in place, checked as when adding them; a past date is a 400',
        params: restaurantSubParamsSchema,
        body: restaurantSpecialHoursBodySchema,
        errors: { 409: "Overlaps that date's other special hours for the method: nothing is changed" },
        response: { 200: restaurantSpecialHoursResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      return ok(await setup.updateSpecialHours(tenantId, restaurant, request.params.item_id, request.body));
    },
  );

  app.delete(
    '/v2/admin/restaurants/:id/special-hours/:item_id',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Remove special hours (the weekly hours apply that date again)',
        params: restaurantSubParamsSchema,
        response: { 200: deleted },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      await setup.removeSpecialHours(tenantId, restaurant.id, request.params.item_id);
      return ok({ deleted: true as const });
    },
  );
};
