import { addToWishlistRequestSchema, envelope, wishlistItemSchema } from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertOwnIds, requireUser, userOf } from '../auth/identity.js';
import { wishlistService } from './service.js';

const ok = <T>(data: T) => ({ data, error: null });
const tags = ['wishlist'];

/** Spec §7's four wishlist calls, exactly as named; a registered user's token is required (spec §5, §6). */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = wishlistService(app.db);

  app.get(
    '/get-wishlist',
    {
      preHandler: requireUser,
      schema: { tags, summary: "The user's wishlist", response: { 200: envelope(z.array(wishlistItemSchema)) } },
    },
    async (request) => {
      const { tenantId, userId } = userOf(request);
      return ok(await service.list(tenantId, userId));
    },
  );

  app.post(
    '/add-to-wishlist',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Add a restaurant product to the wishlist (user_id must be the token’s)',
        body: addToWishlistRequestSchema,
        response: { 200: envelope(wishlistItemSchema), 201: envelope(wishlistItemSchema) },
      },
    },
    async (request, reply) => {
      assertOwnIds(request, { user_id: request.body.user_id });
      const { tenantId, userId } = userOf(request);
      const { created, item } = await service.add(tenantId, userId, request.body);
      return reply.status(created ? 201 : 200).send(ok(item));
    },
  );

  app.delete(
    '/wishlist/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Remove one wishlist item',
        params: z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { tenantId, userId } = userOf(request);
      await service.remove(tenantId, userId, request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/empty-wishlist',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Remove every wishlist item', response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const { tenantId, userId } = userOf(request);
      await service.clear(tenantId, userId);
      return ok(null);
    },
  );
};
