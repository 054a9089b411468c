import {
  adminOrderEventsQuerySchema,
  adminOrdersQuerySchema,
  orderHistoryResponseSchema,
  orderIdParamsSchema,
  orderResponseSchema,
  orderStatusChangeBodySchema,
} from '@storefront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { openEventStream } from '../../lib/sse.js';
import { requireRole, userOf } from '../auth/identity.js';
import { eventData } from './routes.js';

const staffOnly = requireRole('staff', 'manager', 'owner');

/** The kitchen's side of orders: list, follow new orders live, move them on (staff of the tenant). */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service, events, streams } = app.orders;
  const tags = ['admin orders'];

  async function assertRestaurant(tenantId: number, restaurantId: number | undefined) {
    if (restaurantId === undefined) return;
    const found = await app.db
      .selectFrom('restaurants')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', restaurantId)
      .executeTakeFirst();
    if (!found)
      throw new AppError('not_found', 'Restaurant not found', { restaurant_id: 'Not a restaurant of this business' });
  }

  app.get(
    '/v2/admin/orders',
    {
      preHandler: staffOnly,
      schema: {
        tags,
        summary: "The tenant's orders, newest first (card orders appear once paid)",
        querystring: adminOrdersQuerySchema,
        response: { 200: orderHistoryResponseSchema },
      },
    },
    async (request) => {
      const { tenantId } = userOf(request);
      const { page, per_page, ...filter } = request.query;
      await assertRestaurant(tenantId, filter.restaurant_id);
      return { data: await service.staffList(tenantId, filter, page, per_page), error: null };
    },
  );

  app.get(
    '/v2/admin/orders/events',
    {
      preHandler: staffOnly,
      schema: {
        tags,
        summary: 'New orders and changes as server-sent events (`order`), for one restaurant or all',
        querystring: adminOrderEventsQuerySchema,
      },
    },
    async (request, reply) => {
      const { tenantId } = userOf(request);
      const restaurantId = request.query.restaurant_id;
      await assertRestaurant(tenantId, restaurantId);
      const ids =
        restaurantId !== undefined
          ? [restaurantId]
          : (await app.db.selectFrom('restaurants').select('id').where('tenant_id', '=', tenantId).execute()).map(
              (r) => r.id,
            );
      const stream = openEventStream(request, reply, { open: streams });
      for (const id of ids) {
        stream.onClose(
          events.onRestaurant(tenantId, id, (event) =>
            stream.send('order', { ...eventData(event), restaurant_id: event.restaurantId, type: event.type }),
          ),
        );
      }
    },
  );

  app.get(
    '/v2/admin/orders/:id',
    {
      preHandler: staffOnly,
      schema: { tags, summary: 'One order', params: orderIdParamsSchema, response: { 200: orderResponseSchema } },
    },
    async (request) => ({ data: await service.staffGet(userOf(request).tenantId, request.params.id), error: null }),
  );

  app.patch(
    '/v2/admin/orders/:id/status',
    {
      preHandler: staffOnly,
      schema: {
        tags,
        summary: 'Move an order on (legal moves only); cancelling or refunding a paid card order refunds it once',
        params: orderIdParamsSchema,
        body: orderStatusChangeBodySchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => ({
      data: await service.changeStatus(userOf(request).tenantId, request.params.id, request.body),
      error: null,
    }),
  );
};
