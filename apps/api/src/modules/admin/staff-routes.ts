import {
  addStaffBodySchema,
  adminIdParamsSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffRestaurantsBodySchema,
} from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../auth/identity.js';
import { requireAbility } from './access.js';
import { adminService } from './service.js';

const ok = <T>(data: T) => ({ data, error: null });

/** The business's staff accounts and the restaurants each works at (owner). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = adminService(app.db);
  const tags = ['admin'];

  app.get(
    '/v2/admin/staff',
    {
      preValidation: requireAbility('staff'),
      schema: {
        tags,
        summary: "The business's staff accounts and their restaurants (owner)",
        response: { 200: staffListResponseSchema },
      },
    },
    async (request) => ok(await admin.staff(userOf(request).tenantId)),
  );

  app.post(
    '/v2/admin/staff',
    {
      preValidation: requireAbility('staff'),
      schema: {
        tags,
        summary: 'Make an existing account of the business staff or manager, at the given restaurants (owner)',
        errors: {
          404: 'No account of this business with that email',
          422: 'The account is an owner (owners manage every restaurant)',
        },
        body: addStaffBodySchema,
        response: { 201: staffMemberResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await admin.addStaff(userOf(request).tenantId, request.body))),
  );

  app.put(
    '/v2/admin/staff/:id/restaurants',
    {
      preValidation: requireAbility('staff'),
      schema: {
        tags,
        summary: 'Set the restaurants a staff member or manager works at (owner)',
        params: adminIdParamsSchema,
        body: staffRestaurantsBodySchema,
        response: { 200: staffMemberResponseSchema },
      },
    },
    async (request) =>
      ok(await admin.setStaffRestaurants(userOf(request).tenantId, request.params.id, request.body.restaurant_ids)),
  );
};
