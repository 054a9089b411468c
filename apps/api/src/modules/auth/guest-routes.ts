import {
  createGuestRequestSchema,
  envelope,
  guestSchema,
  guestSessionSchema,
  updateGuestRequestSchema,
} from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertOwnIds, guestOf, requireGuest } from './identity.js';
import type { AuthService } from './service.js';
import { strictLimit } from './sign-in-routes.js';

const ok = <T>(data: T) => ({ data, error: null });

/** Guest identities: create, read, merge details, end. */
export const guestRoutes: FastifyPluginAsyncZod<{ service: AuthService }> = async (app, { service }) => {
  const tags = ['auth'];
  const strict = strictLimit(app.config);

  app.post(
    '/v2/auth/guest',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Create a guest identity (7-digit guest id and its token)',
        body: createGuestRequestSchema,
        response: { 201: envelope(guestSessionSchema) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await service.createGuest(request.body.tenant_id))),
  );

  app.get(
    '/v2/guests/:guest_id',
    {
      preHandler: requireGuest,
      schema: {
        tags,
        summary: "The guest's own details",
        params: z.strictObject({ guest_id: z.coerce.number().int() }),
        response: { 200: envelope(guestSchema) },
      },
    },
    async (request) => {
      assertOwnIds(request, { guest_id: request.params.guest_id });
      return ok(await service.getGuest(guestOf(request)));
    },
  );

  app.put(
    '/v2/guests/:guest_id',
    {
      preHandler: requireGuest,
      schema: {
        tags,
        summary: 'Merge details into the guest',
        params: z.strictObject({ guest_id: z.coerce.number().int() }),
        body: updateGuestRequestSchema,
        response: { 200: envelope(guestSchema) },
      },
    },
    async (request) => {
      assertOwnIds(request, { guest_id: request.params.guest_id });
      return ok(await service.updateGuest(guestOf(request), request.body));
    },
  );

  app.delete(
    '/v2/auth/guest',
    {
      preHandler: requireGuest,
      schema: { tags, summary: 'End the guest identity', response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.endGuest(guestOf(request));
      return ok(null);
    },
  );
};
