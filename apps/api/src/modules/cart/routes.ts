import {
  addToCartSchema,
  type Cart,
  cartClearedResponseSchema,
  cartLineQuantityResponseSchema,
  cartLineRemovedResponseSchema,
  cartResponseSchema,
} from '@orderfront/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerOf } from '../../lib/owner.js';
import { answerOf } from '../../lib/response-serializer.js';
import { assertOwnIds, requireIdentity } from '../auth/identity.js';
import type { CartOwner } from './repository.js';
import { cartService, parseAddBody } from './service.js';

const rowId = z.coerce.number().int().positive().max(2_147_483_647);
const ownerIds = {
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  guest_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
};

/** The caller as the cart's owner; user_id / guest_id sent with the call must be the token's own (403). */
function cartOwnerOf(
  request: FastifyRequest,
  ids: { user_id?: number | undefined; guest_id?: number | undefined },
): CartOwner {
  assertOwnIds(request, ids);
  const owner = ownerOf(request);
  if (!owner) throw new Error('unreachable: requireIdentity runs first');
  return owner;
}

/**
 * A request with no content has no body, whatever content type it declares (curl's
 * `-H 'content-type: application/json'` without `-d`): Fastify would refuse the empty JSON.
 */
async function noContentNoBody(request: FastifyRequest) {
  const { headers } = request;
  if (headers['transfer-encoding'] === undefined && (headers['content-length'] ?? '0') === '0') {
    delete headers['content-type'];
  }
}

/** Spec §7 cart calls, exact paths and fields. The cart is the caller's (user or guest token). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const cart = cartService(app.db, app.log);
  app.accounts.onSignIn(({ tenantId, guestId, userId }) => cart.mergeGuestCart(tenantId, guestId, userId));
  const tags = ['cart'];

  app.get(
    '/v2/cart',
    {
      preHandler: requireIdentity,
      schema: {
        tags,
        summary: "The caller's cart, priced from the catalogue (dine_in=true: restaurant prices)",
        querystring: z.strictObject({
          ...ownerIds,
          coupon_code: z.string().max(64).optional(),
          is_cash_on_delivery_opt: z.enum(['0', '1']).optional(),
          dine_in: z.enum(['true', 'false']).optional(),
        }),
        response: { 200: cartResponseSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const owner = cartOwnerOf(request, q);
      const data = await cart.get(owner, {
        coupon_code: q.coupon_code,
        cash_on_delivery: q.is_cash_on_delivery_opt === '1',
        dine_in: q.dine_in === 'true',
      });
      // Each line is one variant of the contract's cart item; the response serializer checks which
      // (once for a kept answer: decision 062).
      return answerOf(data as Cart);
    },
  );

  app.post(
    '/v2/cart',
    {
      // Its answer (a line's id and quantity, or an error) is far under the compress plugin's 1 KB
      // threshold: the plugin's answer hooks have nothing to do (decision 066). Bodies may still come gzipped.
      compress: false,
      preHandler: requireIdentity,
      schema: {
        tags,
        summary: 'Add a product, half-and-half, deal or combo to the cart (prices come from the catalogue)',
        errors: {
          409: 'The cart holds items from another restaurant',
          422: 'Not orderable now: ordering is off, or an item or choice is unavailable',
        },
        body: addToCartSchema,
        response: { 201: cartLineQuantityResponseSchema },
      },
      // The body (its only input) is read by parseAddBody, which picks the variant by its id field
      // and so names the wrong field, where the union's own error would not say which.
      validatorCompiler: () => (body) => {
        try {
          return { value: parseAddBody(body) };
        } catch (error) {
          return { error: error as Error };
        }
      },
    },
    async (request, reply) => {
      const input = request.body;
      const owner = cartOwnerOf(request, input);
      const data = await cart.add(owner, input);
      return reply.code(201).send({ data, error: null });
    },
  );

  app.put(
    '/cart/update-cart',
    {
      preHandler: requireIdentity,
      schema: {
        tags,
        summary: "Set a cart line's quantity (1..99)",
        body: z.strictObject({ cart_id: rowId, quantity: z.number().int().min(1).max(99), ...ownerIds }),
        response: { 200: cartLineQuantityResponseSchema },
      },
    },
    async (request) => {
      const owner = cartOwnerOf(request, request.body);
      return { data: await cart.update(owner, request.body.cart_id, request.body.quantity), error: null };
    },
  );

  app.delete(
    '/v2/cart/clear',
    {
      onRequest: noContentNoBody,
      preHandler: requireIdentity,
      schema: {
        tags,
        summary: "Empty the caller's cart",
        // No body at all (Fastify gives null) is the caller's own cart, as `{}` is.
        body: z.strictObject(ownerIds).nullish(),
        response: { 200: cartClearedResponseSchema },
      },
    },
    async (request) => {
      const owner = cartOwnerOf(request, request.body ?? {});
      return { data: await cart.clear(owner), error: null };
    },
  );

  app.delete(
    '/v2/cart/:id',
    {
      preHandler: requireIdentity,
      schema: {
        tags,
        summary: 'Remove one line of the cart',
        params: z.strictObject({ id: rowId }),
        response: { 200: cartLineRemovedResponseSchema },
      },
    },
    async (request) => {
      const owner = cartOwnerOf(request, {});
      return { data: await cart.remove(owner, request.params.id), error: null };
    },
  );
};
