import { healthResponseSchema } from '@storefront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ping } from '../../db/dialect.js';
import { AppError } from '../../lib/errors.js';
import { version } from '../../version.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
        await ping(app.db);
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
};
