import {
  availabilityQuerySchema,
  availabilityResponseSchema,
  cancelReservationBodySchema,
  createReservationBodySchema,
  reservationLookupQuerySchema,
  reservationReferenceParamsSchema,
  reservationResponseSchema,
  reservationRestaurantsQuerySchema,
  reservationRestaurantsResponseSchema,
  reservationTokenHeader,
} from '@storefront/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ReservationIdentity, reservationService } from './service.js';

const tags = ['reservations'];

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The signed-in registered user, once the accounts layer resolves one; guests book without it. */
function identityOf(_request: FastifyRequest): ReservationIdentity | undefined {
  return undefined;
}

export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = reservationService({ db: app.db, mailer: app.mailer, config: app.config, log: app.log });

  app.get(
    '/v2/reservations/restaurants',
    {
      schema: {
        tags,
        summary: 'Active restaurants of the tenant that take table reservations',
        querystring: reservationRestaurantsQuerySchema,
        response: { 200: reservationRestaurantsResponseSchema },
      },
    },
    async (request) => ({ data: await service.restaurants(request.query.tenant_id), error: null }),
  );

  app.get(
    '/v2/reservations/availability',
    {
      schema: {
        tags,
        summary: 'Times on a date that can still seat a party',
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema },
      },
    },
    async (request) => ({ data: await service.availability(request.query), error: null }),
  );

  app.post(
    '/v2/reservations',
    {
      schema: {
        tags,
        summary: 'Book a table (send an Idempotency-Key header; a retry returns the same booking)',
        body: createReservationBodySchema,
        response: { 200: reservationResponseSchema, 201: reservationResponseSchema },
      },
    },
    async (request, reply) => {
      const { reservation, created } = await service.book(
        request.body,
        header(request, 'idempotency-key'),
        identityOf(request),
      );
      return reply.status(created ? 201 : 200).send({ data: reservation, error: null });
    },
  );

  app.get(
    '/v2/reservations/:reference',
    {
      schema: {
        tags,
        summary: `One reservation, for its owner or with the ${reservationTokenHeader} header from the cancel link`,
        params: reservationReferenceParamsSchema,
        querystring: reservationLookupQuerySchema,
        response: { 200: reservationResponseSchema },
      },
    },
    async (request) => ({
      data: await service.get(
        request.query.tenant_id,
        request.params.reference,
        header(request, reservationTokenHeader),
        identityOf(request),
      ),
      error: null,
    }),
  );

  app.post(
    '/v2/reservations/:reference/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a reservation (its owner, or with the token from the cancel link)',
        params: reservationReferenceParamsSchema,
        body: cancelReservationBodySchema,
        response: { 200: reservationResponseSchema },
      },
    },
    async (request) => ({
      data: await service.cancel(
        request.body.tenant_id,
        request.params.reference,
        request.body.token,
        identityOf(request),
      ),
      error: null,
    }),
  );
};
