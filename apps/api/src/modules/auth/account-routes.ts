import {
  changePasswordRequestSchema,
  envelope,
  setRoleRequestSchema,
  updateProfileRequestSchema,
  userSchema,
  verifyEmailRequestSchema,
} from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from './address-routes.js';
import { requireRole, requireUser, userOf } from './identity.js';
import type { AuthService } from './service.js';
import { strictLimit } from './sign-in-routes.js';

const ok = <T>(data: T) => ({ data, error: null });

/** The signed-in user's account and the owner's role changes. */
export const accountRoutes: FastifyPluginAsyncZod<{ service: AuthService }> = async (app, { service }) => {
  const tags = ['auth'];
  const strict = strictLimit(app.config);

  app.get(
    '/v2/auth/me',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'The signed-in user', response: { 200: envelope(userSchema) } },
    },
    async (request) => {
      const { tenantId, userId } = userOf(request);
      return ok(await service.me(tenantId, userId));
    },
  );

  app.put(
    '/v2/auth/profile',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Update name or phone; a new email is mailed a code and changes once verified',
        body: updateProfileRequestSchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const { tenantId, userId } = userOf(request);
      return ok(await service.updateProfile(tenantId, userId, request.body));
    },
  );

  app.post(
    '/v2/auth/profile/verify-email',
    {
      config: strict,
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Confirm a new email address with the code mailed to it',
        body: verifyEmailRequestSchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const { tenantId, userId } = userOf(request);
      return ok(await service.verifyEmail(tenantId, userId, request.body));
    },
  );

  app.post(
    '/v2/auth/change-password',
    {
      config: strict,
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Change the password; ends every other session',
        body: changePasswordRequestSchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const { tenantId, userId } = userOf(request);
      return ok(await service.changePassword(tenantId, userId, request.authTokenId, request.body));
    },
  );

  app.put(
    '/v2/staff/users/:id/role',
    {
      preHandler: requireRole('owner'),
      schema: {
        tags,
        summary: "Owner only: set a user's role (customer, staff, manager, owner)",
        params: idParams,
        body: setRoleRequestSchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const { tenantId, userId } = userOf(request);
      return ok(await service.setRole(tenantId, userId, request.params.id, request.body.role));
    },
  );
};
