import {
  availabilityQuerySchema,
  availabilityResponseSchema,
  cancelReservationBodySchema,
  createReservationBodySchema,
  myReservationsResponseSchema,
  reservationLookupQuerySchema,
  reservationReferenceParamsSchema,
  reservationResponseSchema,
  reservationRestaurantsQuerySchema,
  reservationRestaurantsResponseSchema,
  reservationTokenHeader,
} from '@orderfront/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { requireUser, userOf } from '../auth/identity.js';
import { type ReservationIdentity, reservationService } from './service.js';

const tags = ['reservations'];

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The signed-in registered user; a guest token or none books as a guest with contact details. */
function identityOf(request: FastifyRequest): ReservationIdentity | undefined {
  const identity = request.identity;
  return identity?.kind === 'user' ? { tenantId: identity.tenantId, userId: identity.userId } : undefined;
}

/** DESIGN §3: a tenant_id that is not the token's own is 403. */
function assertTenant(request: FastifyRequest, tenantId: number) {
  if (request.identity && request.identity.tenantId !== tenantId) throw new AppError('forbidden', 'Not allowed');
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
    async (request) => {
      assertTenant(request, request.query.tenant_id);
      return { data: await service.restaurants(request.query.tenant_id), error: null };
    },
  );

  app.get(
    '/v2/reservations/availability',
    {
      schema: {
        tags,
        summary: 'Times on a date that can still seat a party',
        errors: { 422: 'The party size is not bookable online' },
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema },
      },
    },
    async (request) => {
      assertTenant(request, request.query.tenant_id);
      return { data: await service.availability(request.query), error: null };
    },
  );

  app.post(
    '/v2/reservations',
    {
      schema: {
        tags,
        summary: 'Book a table (send an Idempotency-Key header; a retry returns the same booking)',
        errors: {
          409: "The time is fully booked, the customer's booking limit for the day is reached, or the Idempotency-Key was used for another booking",
          422: 'Not bookable online: party size, a time not offered, passed, too far ahead or too soon, a closed day',
        },
        body: createReservationBodySchema,
        response: { 200: reservationResponseSchema, 201: reservationResponseSchema },
      },
    },
    async (request, reply) => {
      assertTenant(request, request.body.tenant_id);
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
    async (request) => {
      assertTenant(request, request.query.tenant_id);
      return {
        data: await service.get(
          request.query.tenant_id,
          request.params.reference,
          header(request, reservationTokenHeader),
          identityOf(request),
        ),
        error: null,
      };
    },
  );

  app.post(
    '/v2/reservations/:reference/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a reservation (its owner, or with the token from the cancel link)',
        errors: { 409: 'The reservation changed meanwhile', 422: 'Too close to the time to cancel online' },
        params: reservationReferenceParamsSchema,
        body: cancelReservationBodySchema,
        response: { 200: reservationResponseSchema },
      },
    },
    async (request) => {
      assertTenant(request, request.body.tenant_id);
      return {
        data: await service.cancel(
          request.body.tenant_id,
          request.params.reference,
          request.body.token,
          identityOf(request),
        ),
        error: null,
      };
    },
  );

  app.get(
    '/v2/reservations',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The signed-in customer’s upcoming and past reservations',
        querystring: reservationLookupQuerySchema,
        response: { 200: myReservationsResponseSchema },
      },
    },
    async (request) => {
      assertTenant(request, request.query.tenant_id);
      const user = userOf(request);
      return { data: await service.mine({ tenantId: user.tenantId, userId: user.userId }), error: null };
    },
  );
};
