import {
  restaurantDetailParamsSchema,
  restaurantDetailQuerySchema,
  restaurantDetailResponseSchema,
  restaurantsWithImagesRequestSchema,
  restaurantsWithImagesResponseSchema,
} from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restaurantService } from './service.js';

export const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  const restaurants = restaurantService(app.db);

  app.post(
    '/restaurants-with-images',
    {
      schema: {
        tags: ['restaurants'],
        summary: "The tenant's restaurants of one status, with their image (spec §7)",
        body: restaurantsWithImagesRequestSchema,
        response: { 200: restaurantsWithImagesResponseSchema },
      },
    },
    async (request) => ({
      data: await restaurants.listWithImages(request.body.tenant_id, request.body.status),
      error: null,
    }),
  );

  app.get(
    '/v2/restaurants/:id',
    {
      schema: {
        tags: ['restaurants'],
        summary: "One restaurant: address, map location, opening hours per method and today's open state",
        params: restaurantDetailParamsSchema,
        querystring: restaurantDetailQuerySchema,
        response: { 200: restaurantDetailResponseSchema },
      },
    },
    async (request) => ({
      data: await restaurants.detail(request.query.tenant_id, request.params.id),
      error: null,
    }),
  );
};
