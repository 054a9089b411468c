import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestContext } from '../lib/request-context.js';

const resourceOf = new WeakMap<object, AsyncResource>();

type WithError = { data: unknown; error: Record<string, unknown> | null };

const isErrorEnvelope = (payload: unknown): payload is WithError & { error: Record<string, unknown> } =>
  typeof payload === 'object' &&
  payload !== null &&
  'error' in payload &&
  typeof (payload as WithError).error === 'object' &&
  (payload as WithError).error !== null;

/**
 * Every answer carries `x-request-id` (request.id: a trusted proxy's, or made here; see app.ts),
 * every error body names it as `error.request_id`, and the work a request does runs in its
 * request context so that any log line written for it names it too (decision 028).
 */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      requestContext.run(request.id, () => {
        // Body parsing resumes from the socket's context; the resource carries ours across it.
        resourceOf.set(request, new AsyncResource('storefront-request'));
        done();
      });
    });
    app.addHook('preValidation', (request, _reply, done) => {
      const resource = resourceOf.get(request);
      if (resource) resource.runInAsyncScope(done);
      else done();
    });
    app.addHook('preSerialization', async (request, _reply, payload) => {
      if (!isErrorEnvelope(payload) || 'request_id' in payload.error) return payload;
      return { ...payload, error: { ...payload.error, request_id: request.id } };
    });
  },
  { name: 'request-id' },
);
