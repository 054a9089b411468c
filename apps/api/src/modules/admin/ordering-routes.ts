import {
  adminRestaurantQuerySchema,
  orderingControlsResponseSchema,
  orderingUpdateBodySchema,
  pauseBodySchema,
} from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsService } from '../settings/service.js';
import { requireAbility, staffAccess } from './access.js';

const ok = <T>(data: T) => ({ data, error: null });

/** A restaurant's ordering controls: on/off, busy mode, pause and method switches. */
export const orderingRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = staffAccess(app.db);
  const settings = settingsService(app.db, app.log);
  const tags = ['admin'];

  app.get(
    '/v2/admin/ordering',
    {
      preValidation: requireAbility('pause'),
      schema: {
        tags,
        summary: "A restaurant's ordering controls: on/off, busy mode, pause and method switches",
        querystring: adminRestaurantQuerySchema,
        response: { 200: orderingControlsResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.query.restaurant_id);
      return ok(await settings.controls(tenantId, restaurant.id));
    },
  );

  app.patch(
    '/v2/admin/ordering',
    {
      preValidation: requireAbility('ordering'),
      schema: {
        tags,
        summary: 'Switch online ordering, busy mode and methods (manager and owner)',
        body: orderingUpdateBodySchema,
        response: { 200: orderingControlsResponseSchema },
      },
    },
    async (request) => {
      const { tenantId } = await access.scope(request, request.body.restaurant_id);
      return ok(await settings.updateControls(tenantId, request.body));
    },
  );

  app.put(
    '/v2/admin/ordering/pause',
    {
      preValidation: requireAbility('pause'),
      schema: {
        tags,
        summary: 'Pause online ordering for N minutes (0 resumes)',
        body: pauseBodySchema,
        response: { 200: orderingControlsResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.body.restaurant_id);
      return ok(await settings.pause(tenantId, restaurant.id, request.body.minutes));
    },
  );
};
