import {
  adminIdParamsSchema,
  adminReservationResponseSchema,
  adminReservationStatusBodySchema,
  adminReservationsQuerySchema,
  adminReservationsResponseSchema,
} from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reservationService } from '../reservations/service.js';
import { requireAbility, staffAccess } from './access.js';

const ok = <T>(data: T) => ({ data, error: null });

/** A restaurant's reservations of a day, and the staff's status changes. */
export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = staffAccess(app.db);
  const reservations = reservationService({ db: app.db, mailer: app.mailer, config: app.config, log: app.log });
  const tags = ['admin'];

  app.get(
    '/v2/admin/reservations',
    {
      preValidation: requireAbility('reservations'),
      schema: {
        tags,
        summary: "A restaurant's reservations of one local day with their statuses",
        querystring: adminReservationsQuerySchema,
        response: { 200: adminReservationsResponseSchema },
      },
    },
    async (request) => {
      const { restaurant_id, date } = request.query;
      const { tenantId, restaurant } = await access.scope(request, restaurant_id);
      return ok({ restaurant_id, date, reservations: await reservations.forDay(tenantId, restaurant.id, date) });
    },
  );

  app.patch(
    '/v2/admin/reservations/:id/status',
    {
      preValidation: requireAbility('reservations'),
      schema: {
        tags,
        summary: 'Seat a party, mark a no-show, set back to booked, or cancel (frees the table)',
        errors: { 409: "Not a legal move from the reservation's status, or it changed meanwhile" },
        params: adminIdParamsSchema,
        body: adminReservationStatusBodySchema,
        response: { 200: adminReservationResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.body.restaurant_id);
      return ok(await reservations.setStaffStatus(tenantId, restaurant.id, request.params.id, request.body.status));
    },
  );
};
