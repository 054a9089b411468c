import { newsletterSubscriptionBodySchema, newsletterSubscriptionResponseSchema } from '@storefront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../lib/errors.js';
import { contactRateLimit } from './routes.js';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v2/newsletter-subscriptions',
    {
      config: { rateLimit: contactRateLimit },
      schema: {
        tags: ['content'],
        summary: "Sign up to the business's newsletter (signing up twice is fine)",
        body: newsletterSubscriptionBodySchema,
        response: { 200: newsletterSubscriptionResponseSchema },
      },
    },
    async (request) => {
      const { tenant_id } = request.body;
      const email = request.body.email.toLowerCase();
      const tenant = await app.db.selectFrom('tenants').select('id').where('id', '=', tenant_id).executeTakeFirst();
      if (!tenant) throw new AppError('not_found', 'Business not found');
      try {
        await app.db.insertInto('newsletter_subscribers').values({ tenant_id, email }).execute();
      } catch (error) {
        // Already subscribed: the same answer, so the form does not reveal who is on the list.
        if (!isUniqueViolation(error)) throw error;
      }
      return { data: { subscribed: true as const }, error: null };
    },
  );
};
