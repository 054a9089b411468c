import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAbility, staffAccess } from '../admin/access.js';
import { fulfilmentService } from '../fulfilment/service.js';
import { restaurantPartsService } from './service.js';

export const ok = <T>(data: T) => ({ data, error: null });
export const deleted = z.object({ data: z.object({ deleted: z.literal(true) }), error: z.null() });

/** What the routes of a restaurant's parts share: its service, the staff scope check and the manager guard. */
export function partsDeps(app: Parameters<FastifyPluginAsyncZod>[0]) {
  return {
    setup: restaurantPartsService(app.db, fulfilmentService(app.db, { config: app.config, log: app.log })),
    access: staffAccess(app.db),
    tags: ['admin'],
    manager: requireAbility('restaurants'),
  };
}
