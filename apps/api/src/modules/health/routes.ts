import { healthResponseSchema, readinessResponseSchema } from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { version } from '../../version.js';
import { healthService } from './service.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const health = healthService(app.db);
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponseSchema },
      },
    },
    async () => {
      try {
        await health.databaseReachable();
      } catch (error) {
        app.log.error({ err: error }, 'database ping failed');
        throw new AppError('service_unavailable', 'Database is unreachable');
      }
      return {
        data: { status: 'ok' as const, database: 'up' as const, dialect: app.config.database.dialect, version },
        error: null,
      };
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: 503 while the process drains before shutdown or cannot reach the database',
        response: { 200: readinessResponseSchema },
      },
    },
    async () => {
      if (app.lifecycle.draining) throw new AppError('service_unavailable', 'Shutting down');
      try {
        await health.databaseReachable();
      } catch (error) {
        app.log.error({ err: error }, 'database ping failed');
        throw new AppError('service_unavailable', 'Database is unreachable');
      }
      return { data: { status: 'ready' as const }, error: null };
    },
  );
};
