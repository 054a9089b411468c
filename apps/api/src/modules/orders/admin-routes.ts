import {
  adminOrderEventSchema,
  adminOrderEventsQuerySchema,
  adminOrdersQuerySchema,
  orderIdParamsSchema,
  orderStatusChangeBodySchema,
  staffOrderPageResponseSchema,
  staffOrderResponseSchema,
} from '@orderfront/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openEventStream } from '../../lib/sse.js';
import { staffAccess } from '../admin/access.js';
import { requireRole, userOf } from '../auth/identity.js';
import { eventData } from './events.js';

const staffOnly = requireRole('staff', 'manager', 'owner');

/** The kitchen's side of orders: list, follow new orders live, move them on (staff of the tenant). */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service, events, streams } = app.orders;
  const tags = ['admin orders'];

  const access = staffAccess(app.db);

  /** The restaurants the caller may see orders of: the one asked for (403 unless managed) or all managed. */
  async function managedIds(request: FastifyRequest, restaurantId: number | undefined): Promise<number[]> {
    const identity = userOf(request);
    if (restaurantId !== undefined) return [(await access.assertManages(identity, restaurantId)).id];
    return (await access.restaurantsOf(identity)).map((r) => r.id);
  }
  const managesOf = (request: FastifyRequest) => (restaurantId: number) =>
    access.assertManages(userOf(request), restaurantId);

  app.get(
    '/v2/admin/orders',
    {
      preHandler: staffOnly,
      schema: {
        tags,
        summary: "The tenant's orders, newest first (card orders appear once paid)",
        querystring: adminOrdersQuerySchema,
        response: { 200: staffOrderPageResponseSchema },
      },
    },
    async (request) => {
      const { tenantId } = userOf(request);
      const { page, per_page, ...filter } = request.query;
      const restaurant_ids = await managedIds(request, filter.restaurant_id);
      return { data: await service.staffList(tenantId, { ...filter, restaurant_ids }, page, per_page), error: null };
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
        events: { order: { name: 'AdminOrderEvent', schema: adminOrderEventSchema } },
      },
    },
    async (request, reply) => {
      const { tenantId } = userOf(request);
      const ids = await managedIds(request, request.query.restaurant_id);
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
      schema: { tags, summary: 'One order', params: orderIdParamsSchema, response: { 200: staffOrderResponseSchema } },
    },
    async (request) => ({
      data: await service.staffGet(userOf(request).tenantId, request.params.id, managesOf(request)),
      error: null,
    }),
  );

  app.patch(
    '/v2/admin/orders/:id/status',
    {
      preHandler: staffOnly,
      schema: {
        tags,
        summary:
          'Move an order on (legal moves only; the first move forward records who handled it); cancelling or refunding a paid card order refunds it once',
        errors: { 409: "Not a legal move from the order's status, or it changed meanwhile" },
        params: orderIdParamsSchema,
        body: orderStatusChangeBodySchema,
        response: { 200: staffOrderResponseSchema },
      },
    },
    async (request) => ({
      data: await service.changeStatus(userOf(request), request.params.id, request.body, managesOf(request)),
      error: null,
    }),
  );
};
