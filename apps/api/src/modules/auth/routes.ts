import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './account-routes.js';
import { addressRoutes } from './address-routes.js';
import { addressService } from './address-service.js';
import { googleVerifier } from './google.js';
import { guestRoutes } from './guest-routes.js';
import { authService } from './service.js';
import { signInRoutes } from './sign-in-routes.js';

/** Sign-up, sign-in, codes, password reset, Google, guests, profile, addresses and staff roles. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = authService({
    db: app.db,
    mailer: app.mailer,
    log: app.log,
    config: app.config,
    verifyGoogle: googleVerifier(app.config.google),
    signInListeners: app.accounts.signInListeners,
  });
  await app.register(signInRoutes, { service });
  await app.register(guestRoutes, { service });
  await app.register(accountRoutes, { service });
  await app.register(addressRoutes, { service: addressService(app.db) });
};
