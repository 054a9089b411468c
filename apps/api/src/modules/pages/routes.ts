import { contentPageResponseSchema, contentPageSlugs } from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageService } from './service.js';

export const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = pageService(app.db);
  app.get(
    '/v2/pages/:slug',
    {
      schema: {
        tags: ['content'],
        summary: "The tenant's terms, privacy or refund policy page (plain text)",
        params: z.strictObject({ slug: z.enum(contentPageSlugs) }),
        querystring: z.strictObject({ tenant_id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: contentPageResponseSchema },
      },
    },
    async (request) => ({ data: await pages.page(request.query.tenant_id, request.params.slug), error: null }),
  );
};
