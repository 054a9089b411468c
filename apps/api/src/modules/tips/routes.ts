import { tipSettingsQuerySchema, tipSettingsResponseSchema, tipSettingsSchema } from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { requireAbility } from '../admin/access.js';
import { userOf } from '../auth/identity.js';
import { tipsService } from './service.js';

/** Tip settings (decision 040): read by the checkout, set by the owner. */
export const tipRoutes: FastifyPluginAsyncZod = async (app) => {
  const tips = tipsService(app.db);

  app.get(
    '/v2/tips',
    {
      schema: {
        tags: ['orders'],
        summary: 'The tips the checkout offers, per method (all off unless the business turned them on)',
        querystring: tipSettingsQuerySchema,
        response: { 200: tipSettingsResponseSchema },
      },
    },
    async (request) => {
      if (request.identity && request.identity.tenantId !== request.query.tenant_id) {
        throw new AppError('forbidden', 'Not allowed');
      }
      return { data: await tips.settings(request.query.tenant_id), error: null };
    },
  );

  app.get(
    '/v2/admin/tips',
    {
      preValidation: requireAbility('payments'),
      schema: {
        tags: ['admin'],
        summary: "The business's tip settings (owner)",
        response: { 200: tipSettingsResponseSchema },
      },
    },
    async (request) => ({ data: await tips.settings(userOf(request).tenantId), error: null }),
  );

  app.put(
    '/v2/admin/tips',
    {
      preValidation: requireAbility('payments'),
      schema: {
        tags: ['admin'],
        summary: 'Turn tips on or off per method, with their preset percentages and a custom amount (owner)',
        body: tipSettingsSchema,
        response: { 200: tipSettingsResponseSchema },
      },
    },
    async (request) => {
      const { tenantId } = userOf(request);
      await tips.save(tenantId, request.body, new Date());
      return { data: await tips.settings(tenantId), error: null };
    },
  );
};
