import { productHighlightsResponseSchema } from '@storefront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { highlightsService } from './service.js';

const querySchema = z.strictObject({
  tenant_id: z.coerce.number().int().positive().max(2_147_483_647),
  restaurant_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const highlightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const highlights = highlightsService(app.db);
  app.get(
    '/v2/products/highlights',
    {
      schema: {
        tags: ['catalogue'],
        summary: "Best-selling and freshly added products for the home page's optional sections",
        querystring: querySchema,
        response: { 200: productHighlightsResponseSchema },
      },
    },
    async (request) => ({
      data: await highlights.forHome(request.query.tenant_id, request.query.restaurant_id ?? null),
      error: null,
    }),
  );
};
