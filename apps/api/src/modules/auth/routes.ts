import {
  addressRequestSchema,
  addressSchema,
  authProvidersSchema,
  changePasswordRequestSchema,
  codeSentSchema,
  createGuestRequestSchema,
  envelope,
  googleSignInRequestSchema,
  guestSchema,
  guestSessionSchema,
  loginRequestSchema,
  requestCodeSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  setRoleRequestSchema,
  signupRequestSchema,
  updateGuestRequestSchema,
  updateProfileRequestSchema,
  userSchema,
  verifyCodeRequestSchema,
} from '@storefront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressService } from './address-service.js';
import { googleVerifier } from './google.js';
import { assertOwnIds, guestOf, requireGuest, requireRole, requireUser, userOf } from './identity.js';
import { authRepository } from './repository.js';
import { authService } from './service.js';
import { outboxSmsSender } from './sms.js';

const ok = <T>(data: T) => ({ data, error: null });
// Path ids are 32-bit integer columns: a larger one is a 400, not a database range error.
const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Sign-up, sign-in, codes, password reset, Google, guests, profile, addresses and staff roles. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = authRepository(app.db);
  const service = authService({
    repo,
    mailer: app.mailer,
    sms: app.config.smsSender === 'outbox' ? outboxSmsSender(repo, app.log) : null,
    config: app.config,
    verifyGoogle: googleVerifier(app.config.google),
    signInListeners: app.accounts.signInListeners,
  });

  // Per-IP limit on the calls that send mail or check secrets, on top of the API-wide one.
  const strict = { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } };
  const tags = ['auth'];

  app.get(
    '/v2/auth/providers',
    {
      schema: {
        tags,
        summary: 'Sign-in methods the storefront offers',
        response: { 200: envelope(authProvidersSchema) },
      },
    },
    async () => ok({ google_client_id: app.config.google.clientId ?? null }),
  );

  app.post(
    '/v2/auth/guest',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Create a guest identity (7-digit guest id and its token)',
        body: createGuestRequestSchema,
        response: { 201: envelope(guestSessionSchema) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await service.createGuest(request.body.tenant_id))),
  );

  app.get(
    '/v2/guests/:guest_id',
    {
      preHandler: requireGuest,
      schema: {
        tags,
        summary: "The guest's own details",
        params: z.strictObject({ guest_id: z.coerce.number().int() }),
        response: { 200: envelope(guestSchema) },
      },
    },
    async (request) => {
      assertOwnIds(request, { guest_id: request.params.guest_id });
      return ok(await service.getGuest(guestOf(request)));
    },
  );

  app.put(
    '/v2/guests/:guest_id',
    {
      preHandler: requireGuest,
      schema: {
        tags,
        summary: 'Merge details into the guest',
        params: z.strictObject({ guest_id: z.coerce.number().int() }),
        body: updateGuestRequestSchema,
        response: { 200: envelope(guestSchema) },
      },
    },
    async (request) => {
      assertOwnIds(request, { guest_id: request.params.guest_id });
      return ok(await service.updateGuest(guestOf(request), request.body));
    },
  );

  app.delete(
    '/v2/auth/guest',
    {
      preHandler: requireGuest,
      schema: { tags, summary: 'End the guest identity', response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.endGuest(guestOf(request));
      return ok(null);
    },
  );

  app.post(
    '/v2/auth/signup',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Start a sign-up: mails a 6-digit code (same answer whether or not the address has an account)',
        body: signupRequestSchema,
        response: { 202: envelope(codeSentSchema) },
      },
    },
    async (request, reply) => reply.status(202).send(ok(await service.signup(request.body))),
  );

  app.post(
    '/v2/auth/login',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: loginRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => ok(await service.login(request.body, request.identity)),
  );

  app.post(
    '/v2/auth/login-code',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Mail a one-time sign-in code (same answer whether or not the address has an account)',
        body: requestCodeSchema,
        response: { 202: envelope(codeSentSchema) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(ok(await service.requestLoginCode(request.body.tenant_id, request.body.email))),
  );

  app.post(
    '/v2/auth/verify-code',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Complete a sign-up or a passwordless sign-in with the mailed code',
        body: verifyCodeRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => ok(await service.verifyCode(request.body, request.identity)),
  );

  app.post(
    '/v2/auth/forgot-password',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Mail a reset code and single-use link (same answer whether or not the address has an account)',
        body: requestCodeSchema,
        response: { 202: envelope(codeSentSchema) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(ok(await service.forgotPassword(request.body.tenant_id, request.body.email))),
  );

  app.post(
    '/v2/auth/reset-password',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Set a new password with the code or the link; ends every other session',
        body: resetPasswordRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => ok(await service.resetPassword(request.body)),
  );

  app.post(
    '/v2/auth/google',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Sign in with a Google ID token (links or creates the account)',
        body: googleSignInRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => ok(await service.googleSignIn(request.body, request.identity)),
  );

  app.post(
    '/v2/auth/logout',
    { schema: { tags, summary: 'Revoke the presented token', response: { 200: envelope(z.null()) } } },
    async (request) => {
      await service.logout(request.authTokenId);
      return ok(null);
    },
  );

  app.post(
    '/v2/auth/logout-all',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Revoke every session of the user', response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const { tenantId, userId } = userOf(request);
      await service.logoutEverywhere(tenantId, userId);
      return ok(null);
    },
  );

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
        summary: 'Update name, email or phone',
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

  // Saved delivery addresses of the signed-in user.
  const addresses = addressService(repo);

  app.get(
    '/v2/addresses',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Saved addresses', response: { 200: envelope(z.array(addressSchema)) } },
    },
    async (request) => {
      const { tenantId, userId } = userOf(request);
      return ok(await addresses.list(tenantId, userId));
    },
  );

  app.post(
    '/v2/addresses',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Save an address',
        body: addressRequestSchema,
        response: { 201: envelope(addressSchema) },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = userOf(request);
      return reply.status(201).send(ok(await addresses.create(tenantId, userId, request.body)));
    },
  );

  app.put(
    '/v2/addresses/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Change a saved address',
        params: idParams,
        body: addressRequestSchema,
        response: { 200: envelope(addressSchema) },
      },
    },
    async (request) => {
      const { tenantId, userId } = userOf(request);
      return ok(await addresses.update(tenantId, userId, request.params.id, request.body));
    },
  );

  app.delete(
    '/v2/addresses/:id',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Delete a saved address', params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const { tenantId, userId } = userOf(request);
      await addresses.remove(tenantId, userId, request.params.id);
      return ok(null);
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
