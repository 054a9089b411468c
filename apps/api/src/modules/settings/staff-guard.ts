import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { guard } from '../../lib/guards.js';
import { requireRole, userOf } from '../auth/identity.js';

/** The roles that run a business's storefront (decision 006); customers are not among them. */
export const staffRoles = ['staff', 'manager', 'owner'] as const;

const requireOwnerRole = requireRole('owner');

/**
 * Who may save the theme and set the payment provider and its keys: the tenant's owners only
 * (decision 017's roles). 401 without a user's token, 403 for a customer, staff or a manager, and 403
 * for the owner of another business.
 */
export const requireTenantOwner = guard(
  async (request: FastifyRequest) => {
    await requireOwnerRole(request);
    const { tenant_id } = request.body as { tenant_id: number };
    if (userOf(request).tenantId !== tenant_id) {
      throw new AppError('forbidden', 'Only the owner of this business may change its settings');
    }
  },
  { caller: 'user', roles: ['owner'], forbids: true },
);
