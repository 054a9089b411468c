import { adminMeResponseSchema, maxProductImageBytes, productImageTypes } from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../auth/identity.js';
import { requireStaff } from './access.js';
import { hoursRoutes } from './hours-routes.js';
import { menuRoutes } from './menu-routes.js';
import { orderingRoutes } from './ordering-routes.js';
import { reservationRoutes } from './reservation-routes.js';
import { adminService } from './service.js';
import { staffRoutes } from './staff-routes.js';

const ok = <T>(data: T) => ({ data, error: null });

/**
 * The back office's calls (decision 017). Who may call is checked before the input (401, then 403
 * for a role below the area's), then which restaurant (403 unless the caller manages it), then the
 * input. Each area's routes live in their own file.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = adminService(app.db);
  const tags = ['admin'];

  // Product images arrive as the raw file; only these types, and at most 2 MB (checked again by bytes).
  app.addContentTypeParser(
    [...productImageTypes],
    { parseAs: 'buffer', bodyLimit: maxProductImageBytes },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/v2/admin/me',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'The signed-in staff member, what their role allows and their restaurants',
        response: { 200: adminMeResponseSchema },
      },
    },
    async (request) => ok(await admin.me(userOf(request))),
  );

  await app.register(menuRoutes);
  await app.register(orderingRoutes);
  await app.register(reservationRoutes);
  await app.register(hoursRoutes);
  await app.register(staffRoutes);
};
