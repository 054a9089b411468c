import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

type NoncedResponse = ServerResponse & { scriptNonce?: string };

/** The nonce of this response's inline scripts (the runtime config in index.html). */
export function scriptNonce(raw: ServerResponse): string {
  return (raw as NoncedResponse).scriptNonce ?? '';
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  // Only scripts get a nonce: a style nonce would disable 'unsafe-inline', which toasts need.
  app.addHook('onRequest', async (_request, reply) => {
    (reply.raw as NoncedResponse).scriptNonce = randomBytes(16).toString('base64');
  });
  // Google's sign-in script, button frame and styles, only when Google sign-in is configured.
  const google = app.config.google.clientId ? ['https://accounts.google.com/gsi/'] : [];
  // Stripe.js and its card iframes (decision 015): any tenant may switch Stripe on at run time.
  const stripe = {
    script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
  };
  await app.register(helmet, {
    crossOriginEmbedderPolicy: false,
    // An order link's address (its token) never goes to another site as a referrer (decision 026).
    referrerPolicy: { policy: 'same-origin' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${scriptNonce(res as ServerResponse)}'`,
          ...google,
          ...stripe.script,
        ],
        styleSrc: ["'self'", "'unsafe-inline'", ...google],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...google, ...stripe.connect],
        frameSrc: ["'self'", ...google, ...stripe.frame],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
  });
});
