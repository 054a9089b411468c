import { addressRequestSchema, addressSchema, envelope } from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AddressService } from './address-service.js';
import { requireUser, userOf } from './identity.js';

const ok = <T>(data: T) => ({ data, error: null });
// Path ids are 32-bit integer columns: a larger one is a 400, not a database range error.
export const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Saved delivery addresses of the signed-in user. */
export const addressRoutes: FastifyPluginAsyncZod<{ service: AddressService }> = async (app, { service }) => {
  const tags = ['auth'];

  app.get(
    '/v2/addresses',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Saved addresses', response: { 200: envelope(z.array(addressSchema)) } },
    },
    async (request) => {
      const { tenantId, userId } = userOf(request);
      return ok(await service.list(tenantId, userId));
    },
  );

  app.post(
    '/v2/addresses',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Save an address',
        errors: { 422: 'The user has as many saved addresses as allowed' },
        body: addressRequestSchema,
        response: { 201: envelope(addressSchema) },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = userOf(request);
      return reply.status(201).send(ok(await service.create(tenantId, userId, request.body)));
    },
  );

  app.put(
    '/v2/addresses/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Change a saved address',
        params: idParams,
        body: addressRequestSchema,
        response: { 200: envelope(addressSchema) },
      },
    },
    async (request) => {
      const { tenantId, userId } = userOf(request);
      return ok(await service.update(tenantId, userId, request.params.id, request.body));
    },
  );

  app.delete(
    '/v2/addresses/:id',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Delete a saved address', params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const { tenantId, userId } = userOf(request);
      await service.remove(tenantId, userId, request.params.id);
      return ok(null);
    },
  );
};
