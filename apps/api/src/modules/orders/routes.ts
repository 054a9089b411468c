import {
  type Order,
  type OrderEventData,
  orderAccessBodySchema,
  orderAccessHeader,
  orderAccessResponseSchema,
  orderEventSchema,
  orderHistoryQuerySchema,
  orderHistoryResponseSchema,
  orderIdParamsSchema,
  orderQuerySchema,
  orderResponseSchema,
  paymentSessionResponseSchema,
  placedOrderResponseSchema,
  placeOrderBodySchema,
  reorderResponseSchema,
} from '@orderfront/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerOf } from '../../lib/owner.js';
import { openEventStream } from '../../lib/sse.js';
import { assertOwnIds, requireIdentity, requireUser, userOf } from '../auth/identity.js';
import { eventData } from './events.js';
import type { OrderOwner } from './repository.js';

const fromOrder = (order: Order): OrderEventData => ({
  order_id: order.id,
  order_number: order.order_number,
  method: order.method,
  status: order.status,
  ready_at: order.ready_at,
  status_history: order.status_history,
});

/** The caller of an order call: their identity and the order access header's credential (decision 026). */
function accessOf(request: FastifyRequest) {
  const value = request.headers[orderAccessHeader];
  return { owner: ownerOf(request), credential: Array.isArray(value) ? value[0] : value };
}

/** Its owner's bearer token, or the order access credential in its header (decision 026). */
const ownerOrAccess: Record<string, string[]>[] = [{ bearer: [] }, { orderAccess: [] }];

/** Orders for customers: place (idempotent), read, follow live, history, reorder, give up a payment. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service, events, streams } = app.orders;
  const tags = ['orders'];

  app.post(
    '/v2/orders',
    {
      preHandler: requireIdentity,
      schema: {
        tags,
        summary: "Place the caller's cart as an order (send an Idempotency-Key header; a retry answers the same order)",
        errors: {
          409: "The Idempotency-Key was used for another order, the cart holds another restaurant's items, or it was just ordered",
          422: 'The order cannot be placed as asked: an empty cart, ordering paused, a time not offered, a payment not possible',
        },
        body: placeOrderBodySchema,
        response: { 200: placedOrderResponseSchema, 201: placedOrderResponseSchema },
      },
    },
    async (request, reply) => {
      assertOwnIds(request, request.body);
      const key = request.headers['idempotency-key'];
      const { placed, created } = await service.place(
        ownerOf(request) as OrderOwner,
        request.body,
        Array.isArray(key) ? key[0] : key,
      );
      return reply.code(created ? 201 : 200).send({ data: placed, error: null });
    },
  );

  app.get(
    '/v2/orders',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in user's orders, newest first",
        querystring: orderHistoryQuerySchema,
        response: { 200: orderHistoryResponseSchema },
      },
    },
    async (request) => {
      const user = userOf(request);
      const { page, per_page } = request.query;
      return {
        data: await service.history({ tenantId: user.tenantId, user_id: user.userId }, page, per_page),
        error: null,
      };
    },
  );

  app.get(
    '/v2/orders/:id',
    {
      schema: {
        tags,
        security: ownerOrAccess,
        summary: `One order, for its owner or with the ${orderAccessHeader} header`,
        params: orderIdParamsSchema,
        querystring: orderQuerySchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => ({
      data: await service.get(request.params.id, accessOf(request)),
      error: null,
    }),
  );

  app.post(
    '/v2/orders/:id/access',
    {
      schema: {
        tags,
        summary: `Exchange the confirmation link's token for a credential to send in the ${orderAccessHeader} header`,
        params: orderIdParamsSchema,
        body: orderAccessBodySchema,
        response: { 200: orderAccessResponseSchema },
      },
    },
    async (request) => ({
      data: await service.exchange(request.params.id, request.body.token, ownerOf(request)),
      error: null,
    }),
  );

  app.get(
    '/v2/orders/:id/events',
    {
      schema: {
        tags,
        security: ownerOrAccess,
        summary: "The order's status as server-sent events (text/event-stream): `order` now and on every change",
        params: orderIdParamsSchema,
        querystring: orderQuerySchema,
        events: { order: { name: 'OrderEvent', schema: orderEventSchema } },
      },
    },
    async (request, reply) => {
      const order = await service.get(request.params.id, accessOf(request));
      const stream = openEventStream(request, reply, { open: streams });
      stream.onClose(events.onOrder(order.id, (event) => stream.send('order', eventData(event))));
      stream.send('order', fromOrder(order));
    },
  );

  app.get(
    '/v2/orders/:id/payment',
    {
      schema: {
        tags,
        security: ownerOrAccess,
        summary: "A card order's payment (to complete it after a reload)",
        params: orderIdParamsSchema,
        querystring: orderQuerySchema,
        response: { 200: paymentSessionResponseSchema },
      },
    },
    async (request) => ({
      data: await service.payment(request.params.id, accessOf(request)),
      error: null,
    }),
  );

  app.get(
    '/v2/orders/:id/invoice',
    {
      schema: {
        tags,
        security: ownerOrAccess,
        summary: "The order's tax invoice as a PDF (once the order is placed)",
        errors: { 409: 'The order is not placed yet (its card payment is not finished)' },
        params: orderIdParamsSchema,
        querystring: orderQuerySchema,
        download: { type: 'application/pdf', description: 'The tax invoice (PDF)' },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await service.invoice(request.params.id, accessOf(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="tax-invoice-${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/v2/orders/:id/cancel',
    {
      schema: {
        tags,
        security: ownerOrAccess,
        summary: 'Give up an order whose card payment is not finished (releases what it reserved)',
        errors: { 409: 'The order can no longer be cancelled online, or changed meanwhile' },
        params: orderIdParamsSchema,
        querystring: orderQuerySchema,
        body: z.strictObject({}).nullish(),
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => ({
      data: await service.cancelByCustomer(request.params.id, accessOf(request)),
      error: null,
    }),
  );

  app.post(
    '/v2/orders/:id/reorder',
    {
      preHandler: requireIdentity,
      schema: {
        tags,
        summary: "Put an earlier order's lines back into the cart (what is still orderable)",
        params: orderIdParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: reorderResponseSchema },
      },
    },
    async (request) => ({
      data: await service.reorder(request.params.id, ownerOf(request) as OrderOwner),
      error: null,
    }),
  );
};
