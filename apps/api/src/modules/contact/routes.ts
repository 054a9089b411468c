import {
  contactMessageBodySchema,
  contactMessageResponseSchema,
  newsletterSubscriptionBodySchema,
  newsletterSubscriptionResponseSchema,
} from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactService } from './service.js';

/** Per client IP: enough for a person, too few for a spammer. */
const contactRateLimit = { max: 5, timeWindow: '10 minutes' };

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const contact = contactService(app.db, app.mailer, app.log);
  app.post(
    '/v2/contact',
    {
      config: { rateLimit: contactRateLimit },
      schema: {
        tags: ['content'],
        summary: 'Send a message to the business (delivered by mail to its contact email)',
        body: contactMessageBodySchema,
        response: { 200: contactMessageResponseSchema },
      },
    },
    async (request) => {
      await contact.send(request.body);
      return { data: { sent: true as const }, error: null };
    },
  );

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
      await contact.subscribe(request.body.tenant_id, request.body.email);
      return { data: { subscribed: true as const }, error: null };
    },
  );
};
