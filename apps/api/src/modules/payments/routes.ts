import {
  envelope,
  orderAccessHeader,
  orderQuerySchema,
  paymentIdParamsSchema,
  paymentSessionResponseSchema,
  sandboxChallengeBodySchema,
  sandboxConfirmBodySchema,
} from '@orderfront/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerOf } from '../../lib/owner.js';
import { paymentWebhooks } from './service.js';

/** The caller: their identity and the order access header's credential (decision 026). */
function accessOf(request: FastifyRequest) {
  const value = request.headers[orderAccessHeader];
  return { owner: ownerOf(request), credential: Array.isArray(value) ? value[0] : value };
}

/** Card payment calls: the sandbox's card form, a refresh from the provider, and provider webhooks. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service, payments } = app.orders;
  const webhooks = paymentWebhooks(app.db, payments);
  const tags = ['payments'];

  app.post(
    '/v2/payments/sandbox/confirm',
    {
      schema: {
        tags,
        summary: 'Pay with a card in test mode (see sandboxTestCards for the outcomes)',
        errors: { 409: 'The payment is no longer waiting for this confirmation' },
        querystring: orderQuerySchema,
        body: sandboxConfirmBodySchema,
        response: { 200: paymentSessionResponseSchema },
      },
    },
    async (request) => {
      const { payment_id, card_number, exp_month, exp_year, cvc } = request.body;
      const access = accessOf(request);
      const card = { card_number, exp_month, exp_year, cvc };
      return { data: await service.sandboxConfirm(payment_id, access, card), error: null };
    },
  );

  app.post(
    '/v2/payments/sandbox/challenge',
    {
      schema: {
        tags,
        summary: 'Complete (approve) or fail the 3-D-Secure-style challenge of a sandbox payment',
        querystring: orderQuerySchema,
        body: sandboxChallengeBodySchema,
        response: { 200: paymentSessionResponseSchema },
      },
    },
    async (request) => {
      const { payment_id, approve } = request.body;
      const access = accessOf(request);
      return { data: await service.sandboxChallenge(payment_id, access, approve), error: null };
    },
  );

  app.post(
    '/v2/payments/:payment_id/refresh',
    {
      schema: {
        tags,
        summary: "Ask the provider for the payment's state and apply it to the order (after a client-side confirm)",
        params: paymentIdParamsSchema,
        querystring: orderQuerySchema,
        body: z.strictObject({}).nullish(),
        response: { 200: paymentSessionResponseSchema },
      },
    },
    async (request) => ({
      data: await service.refreshPayment(request.params.payment_id, accessOf(request)),
      error: null,
    }),
  );

  // Webhooks are verified over the exact bytes the provider signed: this scope keeps the raw body.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/v2/payments/webhooks/:provider/:tenant_id',
      {
        schema: {
          tags,
          summary: "A payment provider's signed event (an event seen before changes nothing)",
          params: z.strictObject({
            provider: z.enum(['sandbox', 'stripe']),
            tenant_id: z.coerce.number().int().positive().max(2_147_483_647),
          }),
          response: { 200: envelope(z.object({ received: z.boolean(), applied: z.boolean() })) },
        },
      },
      async (request) => {
        const { provider: name, tenant_id: tenantId } = request.params;
        const event = await webhooks.read(tenantId, name, request.body, request.headers, request.log);
        if (!event) return { data: { received: true, applied: false }, error: null };
        const first = await service.recordPaymentEvent(tenantId, name, event);
        if (!first) return { data: { received: true, applied: false }, error: null };
        return { data: { received: true, applied: true }, error: null };
      },
    );
  });
};
