import { AsyncResource } from 'node:async_hooks';
import { containsNulCharacter, nulCharacterFields } from '@orderfront/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { httpDuration, type Series } from '../lib/metrics.js';
import { requestContext } from '../lib/request-context.js';
import { publicCacheControl, publicRoutes } from './cache.js';
import { securityHeaders } from './security.js';

/** What every request of one route shares, worked out once when the route is added (decision 057). */
interface RouteInfo {
  url: string;
  /** Public catalogue answers may be kept by browsers and proxies (decision 026). */
  cacheable: boolean;
  /** The route's duration series by method, then status. */
  series: Map<string, Map<number, Series>>;
}

declare module 'fastify' {
  interface FastifyRequest {
    routeInfo: RouteInfo | null;
    contextResource: AsyncResource | null;
  }
}

const infoOf = (url: string | undefined): RouteInfo => ({
  url: url ?? 'unmatched',
  cacheable: url !== undefined && publicRoutes.has(url),
  series: new Map(),
});

/** Answers that never reached their route's own hook (a 404, a refusal before it): looked up here. */
const unrouted = new Map<string, RouteInfo>();
function routeOf(request: FastifyRequest): RouteInfo {
  if (request.routeInfo) return request.routeInfo;
  const url = request.routeOptions.url;
  let info = unrouted.get(url ?? '');
  if (!info) {
    info = infoOf(url);
    unrouted.set(url ?? '', info);
  }
  return info;
}

function seriesOf(info: RouteInfo, method: string, status: number): Series {
  let byStatus = info.series.get(method);
  if (!byStatus) {
    byStatus = new Map();
    info.series.set(method, byStatus);
  }
  let series = byStatus.get(status);
  if (!series) {
    series = httpDuration.of(method, info.url, String(status));
    byStatus.set(status, series);
  }
  return series;
}

/** Methods whose body Fastify never reads: their whole request runs in the context entered first. */
const bodyless = new Set(['GET', 'HEAD', 'TRACE']);

type WithError = { data: unknown; error: Record<string, unknown> | null };

const isErrorEnvelope = (payload: unknown): payload is WithError & { error: Record<string, unknown> } =>
  typeof payload === 'object' &&
  payload !== null &&
  'error' in payload &&
  typeof (payload as WithError).error === 'object' &&
  (payload as WithError).error !== null;

/** 400 for a NUL character anywhere in the path, query or body, before any schema or query sees it. */
export function nulCharacterError(request: FastifyRequest): AppError | undefined {
  const { params, query, body } = request;
  if (!containsNulCharacter(params) && !containsNulCharacter(query) && !containsNulCharacter(body)) return undefined;
  const fields = { ...nulCharacterFields(params), ...nulCharacterFields(query), ...nulCharacterFields(body) };
  return Object.keys(fields).length ? new AppError('bad_request', 'Invalid request', fields) : undefined;
}

/**
 * What every request goes through, in one hook per stage instead of one per concern (decision 057):
 *
 * - onRequest: `x-request-id` (request.id: a trusted proxy's, or made here; see app.ts), the security
 *   headers (security.ts, computed once), and the request context that names the request in any log
 *   line written for it (decision 028);
 * - preValidation: back into that context after the body was read (body parsing resumes from the
 *   socket's context), and no NUL character in any request string (decision 025);
 * - preSerialization: every error body names the request as `error.request_id`;
 * - onSend: `cache-control` for API answers that set none (decision 026): public for the catalogue's
 *   successful reads, `no-store` for everything else, which may carry personal data; and
 *   `connection: close` once the process is draining;
 * - onResponse: the request's time in the duration histogram by route pattern (never the raw URL:
 *   ids would make endless series), method and status (decision 028).
 *
 * Every hook takes a callback rather than returning a promise: a promise per hook per request was a
 * measurable share of a cheap request on Node 20, where each one also runs the context's hooks.
 */
export const requestPathPlugin = fp(
  async (app: FastifyInstance) => {
    const applyHeaders = securityHeaders(app);
    app.decorateRequest('routeInfo', null);
    app.decorateRequest('contextResource', null);

    // Each route's own first hook hands its request the route's shared facts.
    app.addHook('onRoute', (route) => {
      const info = infoOf(route.url);
      const own: onRequestHookHandler = (request, _reply, done) => {
        request.routeInfo = info;
        done();
      };
      const existing = route.onRequest;
      route.onRequest = existing === undefined ? [own] : [own, ...(Array.isArray(existing) ? existing : [existing])];
    });

    app.addHook('onRequest', (request, reply, done) => {
      const raw = reply.raw;
      raw.setHeader('x-request-id', request.id);
      applyHeaders(raw);
      requestContext.run(request.id, () => {
        if (!bodyless.has(request.method)) request.contextResource = new AsyncResource('storefront-request');
        done();
      });
    });

    app.addHook('preValidation', (request, _reply, done) => {
      const check = () => done(nulCharacterError(request));
      const resource = request.contextResource;
      if (resource) resource.runInAsyncScope(check);
      else check();
    });

    app.addHook('preSerialization', (request: FastifyRequest, _reply: FastifyReply, payload: unknown, done) => {
      if (!isErrorEnvelope(payload) || 'request_id' in payload.error) return done(null, payload);
      done(null, { ...payload, error: { ...payload.error, request_id: request.id } });
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      // Shutting down: the client opens its next request elsewhere, and this socket is not left
      // idle for the server's close to wait on (Fastify closes only the sockets idle when it starts).
      if (app.lifecycle.draining) reply.header('connection', 'close');
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        const status = reply.statusCode;
        const cacheable =
          (request.method === 'GET' || request.method === 'HEAD') &&
          (status === 200 || status === 304) &&
          routeOf(request).cacheable;
        reply.header('cache-control', cacheable ? publicCacheControl : 'no-store');
      }
      done(null, payload);
    });

    app.addHook('onResponse', (request, reply, done) => {
      // An event stream's "duration" is how long someone watched; the open-streams gauge tells that.
      const type = reply.raw.getHeader('content-type');
      if (typeof type !== 'string' || !type.startsWith('text/event-stream')) {
        seriesOf(routeOf(request), request.method, reply.statusCode).observe(reply.elapsedTime / 1000);
      }
      done();
    });
  },
  { name: 'request-path' },
);
