import {
  authProvidersSchema,
  codeSentSchema,
  envelope,
  googleSignInRequestSchema,
  loginRequestSchema,
  requestCodeSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  signupRequestSchema,
  verifyCodeRequestSchema,
} from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { requireUser, userOf } from './identity.js';
import type { AuthService } from './service.js';

const ok = <T>(data: T) => ({ data, error: null });

/** Per-IP limit on the calls that send mail or check secrets, on top of the API-wide one. */
export const strictLimit = (config: Pick<Config, 'authRateLimitMax'>) => ({
  rateLimit: { max: config.authRateLimitMax, timeWindow: '1 minute' },
});

/** Sign-in methods, sign-up, sign-in (codes, password, reset, Google) and sign-out. */
export const signInRoutes: FastifyPluginAsyncZod<{ service: AuthService }> = async (app, { service }) => {
  const tags = ['auth'];
  const strict = strictLimit(app.config);

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
        errors: { 401: 'Wrong email or password' },
        body: loginRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => ok(await service.login(request.body, request.identity, request.ip)),
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
        errors: { 401: 'Google did not confirm the sign-in or its email address' },
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
      if (request.identity) await service.logout(request.identity.tenantId, request.authTokenId);
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
};
