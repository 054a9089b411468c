import { type ContentPageSlug, contentPageResponseSchema, contentPageSlugs } from '@storefront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { pagesRepository } from './repository.js';

export const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = pagesRepository(app.db);
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
    async (request) => {
      const page = await pages.find(request.query.tenant_id, request.params.slug);
      if (!page) throw new AppError('not_found', 'Page not found');
      return { data: { ...page, slug: page.slug as ContentPageSlug }, error: null };
    },
  );
};
