import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.js';
import { tenantRepository } from './repository.js';

/** How long a process trusts what it read about a tenant being disabled (decision 036). */
const cacheMs = 5_000;

const idIn = (value: unknown): number | undefined => {
  if (!value || typeof value !== 'object') return undefined;
  const raw = (value as { tenant_id?: unknown }).tenant_id;
  const id = typeof raw === 'string' ? Number(raw) : raw;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
};

export const tenantDisabled = (name?: string) =>
  new AppError('service_unavailable', `${name ?? 'This business'} is not taking orders online at the moment`);

/**
 * A disabled tenant's API answers 503 with a clear message: every call naming the tenant, by the
 * caller's token or a `tenant_id` in the body or query, is refused before its handler runs.
 */
export const tenantStatusPlugin = fp(
  async (app: FastifyInstance) => {
    const repo = tenantRepository(app.db);
    const known = new Map<number, { disabled: boolean; at: number }>();
    // A callback, not an async hook: a request naming no tenant, or one read within the last few
    // seconds, goes on at once (decision 057).
    app.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
      const id = request.identity?.tenantId ?? idIn(request.body) ?? idIn(request.query);
      if (id === undefined) return done();
      const hit = known.get(id);
      if (hit && Date.now() - hit.at < cacheMs) return done(hit.disabled ? tenantDisabled() : undefined);
      repo.disabledAt(id).then((at) => {
        const disabled = at !== null;
        known.set(id, { disabled, at: Date.now() });
        done(disabled ? tenantDisabled() : undefined);
      }, done);
    });
  },
  { name: 'tenant-status', dependencies: ['identity'] },
);
