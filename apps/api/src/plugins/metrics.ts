import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { enableProcessMetrics, registry } from '../lib/metrics.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /api/metrics in Prometheus' text format, only when METRICS_TOKEN is set and only for
 * `Authorization: Bearer <METRICS_TOKEN>`; without the setting the route does not exist (404).
 */
export async function metricsRoutes(app: FastifyInstance) {
  const token = app.config.metricsToken;
  if (!token) return;
  enableProcessMetrics();
  const expected = digest(`Bearer ${token}`);
  const authorised = (request: FastifyRequest) =>
    timingSafeEqual(digest(request.headers.authorization ?? ''), expected);

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!authorised(request)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthorized', 'Metrics need the metrics bearer token');
    }
    reply.header('content-type', registry.contentType);
    reply.header('cache-control', 'no-store');
    return registry.metrics();
  });
}
