import {
  combosResponseSchema,
  dealsResponseSchema,
  type MenuChannel,
  menuParamsSchema,
  menuQuerySchema,
  menuResponseSchema,
  productParamsSchema,
  productResponseSchema,
} from '@orderfront/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptedEncoding } from '../../lib/encoding.js';
import { AppError } from '../../lib/errors.js';
import { hostKey, tenantService } from '../tenants/service.js';
import type { CachedAnswer, Kind } from './service.js';

/** If-None-Match holds this ETag (or `*`); weak and strong forms compare equal. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag;
  });
}

/**
 * Public and the same for every visitor of a storefront (decision 034), but revalidated on every use
 * (a cheap 304 by ETag): an item marked out of stock must be gone on the customer's next look.
 */
export const catalogueCacheControl = 'public, no-cache';

function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply
    .header('etag', answer.etag)
    .header('cache-control', catalogueCacheControl)
    .header('vary', 'host, accept-encoding');
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = answer.encoded ? acceptedEncoding(request.headers['accept-encoding']) : undefined;
  if (encoding && answer.encoded) {
    // Compressed once per catalogue version, not per request; the compress plugin leaves it be.
    return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
  }
  // Already the serialised envelope: sent as it is, not serialised again.
  return reply.send(answer.body as never);
}

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = app.catalogue;
  const tenants = tenantService(app.db, app.config.tenantId);

  /** The tenant whose storefront the request comes from (as for its pages). */
  async function tenantOf(request: FastifyRequest) {
    const tenant = await tenants.forHost(request.hostname);
    if (!tenant) throw new AppError('not_found', 'Restaurant not found');
    return tenant.id;
  }

  /**
   * The menu, deals or combos of the storefront: sent at once, without a promise, when the answer of
   * the current version is built (the common case); else built first (decision 064).
   */
  function sendAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: Kind,
    restaurantId: number,
    channel: MenuChannel,
  ): Promise<void> | undefined {
    const host = hostKey(request.hostname);
    const ready = catalogue.readyForHost(host, app.config.tenantId, restaurantId, kind, channel);
    if (ready) {
      sendCached(request, reply, ready);
      return;
    }
    return catalogue
      .forHost(host, app.config.tenantId, restaurantId, kind, channel)
      .then((answer) => void sendCached(request, reply, answer));
  }

  const tags = ['catalogue'];
  // Sent precompressed (decision 034): the compress plugin's three hooks have nothing to do there.
  const precompressed = { compress: false, decompress: false } as const;

  app.get(
    '/v2/restaurants/:restaurant_id/menu',
    {
      ...precompressed,
      schema: {
        tags,
        summary: "A restaurant's whole menu for a channel (online: online_price; in_store, dine_in: price)",
        etag: true,
        params: menuParamsSchema,
        querystring: menuQuerySchema,
        response: { 200: menuResponseSchema },
      },
    },
    (request, reply) => sendAnswer(request, reply, 'menu', request.params.restaurant_id, request.query.channel),
  );

  app.get(
    '/v2/restaurants/:restaurant_id/products/:restaurant_product_id',
    {
      schema: {
        tags,
        summary: 'One product of a restaurant with its sizes, modifiers and prices for a channel',
        etag: true,
        params: productParamsSchema,
        querystring: menuQuerySchema,
        response: { 200: productResponseSchema },
      },
    },
    async (request, reply) => {
      const { etag, product } = await catalogue.product(
        await tenantOf(request),
        request.params.restaurant_id,
        request.params.restaurant_product_id,
        request.query.channel,
      );
      return sendCached(request, reply, { etag, body: JSON.stringify({ data: product, error: null }) });
    },
  );

  app.get(
    '/v2/restaurants/:restaurant_id/deals',
    {
      ...precompressed,
      schema: {
        tags,
        summary: "A restaurant's deals, each with the component types to fill",
        etag: true,
        params: menuParamsSchema,
        querystring: menuQuerySchema,
        response: { 200: dealsResponseSchema },
      },
    },
    (request, reply) => sendAnswer(request, reply, 'deals', request.params.restaurant_id, request.query.channel),
  );

  app.get(
    '/v2/restaurants/:restaurant_id/combos',
    {
      ...precompressed,
      schema: {
        tags,
        summary: "A restaurant's combo meals, each with the slots to fill",
        etag: true,
        params: menuParamsSchema,
        querystring: menuQuerySchema,
        response: { 200: combosResponseSchema },
      },
    },
    (request, reply) => sendAnswer(request, reply, 'combos', request.params.restaurant_id, request.query.channel),
  );
};
