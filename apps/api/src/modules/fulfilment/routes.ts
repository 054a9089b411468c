import {
  deliveryQuoteBodySchema,
  deliveryQuoteResponseSchema,
  fulfilmentTimesParamsSchema,
  fulfilmentTimesQuerySchema,
  fulfilmentTimesResponseSchema,
} from '@orderfront/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { requireIdentity } from '../auth/identity.js';
import { cartService } from '../cart/service.js';
import { tenantService } from '../tenants/service.js';
import { fulfilmentService } from './service.js';

export const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const fulfilment = fulfilmentService(app.db, { config: app.config, log: app.log });
  const cart = cartService(app.db, app.log);
  const tenants = tenantService(app.db, app.config.tenantId);
  const tags = ['fulfilment'];

  /** The query's tenant_id, else the token's tenant, else the storefront host's; a token of another tenant is 403. */
  async function tenantOf(request: FastifyRequest, tenantId: number | undefined): Promise<number> {
    const identity = request.identity;
    if (tenantId !== undefined && identity && identity.tenantId !== tenantId) {
      throw new AppError('forbidden', 'Not allowed');
    }
    if (tenantId !== undefined) return tenantId;
    if (identity) return identity.tenantId;
    const tenant = await tenants.forHost(request.hostname);
    if (!tenant) throw new AppError('not_found', 'Restaurant not found');
    return tenant.id;
  }

  app.get(
    '/v2/restaurants/:restaurant_id/fulfilment-times',
    {
      schema: {
        tags,
        summary: 'Pickup or delivery dates and times a restaurant can still take orders for (its own timezone)',
        params: fulfilmentTimesParamsSchema,
        querystring: fulfilmentTimesQuerySchema,
        response: { 200: fulfilmentTimesResponseSchema },
      },
    },
    async (request) => {
      const { method, date, tenant_id } = request.query;
      const tenantId = await tenantOf(request, tenant_id);
      const data = await fulfilment.times({ tenantId, restaurantId: request.params.restaurant_id, method, date });
      return { data, error: null };
    },
  );

  app.post(
    '/v2/delivery/quote',
    {
      preHandler: requireIdentity,
      schema: {
        tags,
        summary: "The delivery charge for the caller's cart to an address, or why it cannot be delivered",
        body: deliveryQuoteBodySchema,
        response: { 200: deliveryQuoteResponseSchema },
      },
    },
    async (request) => {
      const identity = request.identity;
      if (!identity) throw new AppError('unauthorized', 'Please log in');
      const owner =
        identity.kind === 'user'
          ? { tenantId: identity.tenantId, user_id: identity.userId }
          : { tenantId: identity.tenantId, guest_id: identity.guestId };
      const { restaurant_id, address } = request.body;
      // The cart priced by the cart service; a cart of another restaurant counts as empty here.
      const priced = await cart.get(owner, { cash_on_delivery: false, dine_in: false });
      const ofRestaurant =
        priced.items.length > 0 && priced.items.every((item) => item.restaurant_id === restaurant_id);
      const data = await fulfilment.quote(app.db, {
        tenantId: identity.tenantId,
        restaurantId: restaurant_id,
        address,
        subtotalCents: ofRestaurant ? priced.totals.subtotal : 0,
      });
      return { data, error: null };
    },
  );
};
