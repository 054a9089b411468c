import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { requireRole, userOf } from '../auth/identity.js';

/** The roles that run a business's storefront (accounts issue); customers are not among them. */
export const staffRoles = ['staff', 'manager', 'owner'] as const;

const requireStaffRole = requireRole(...staffRoles);

/**
 * Who may save the theme: the owner of the tenant whose settings change (issue 11: the theme is the
 * owner's). 401 without a user's token, 403 for a customer, for staff and managers, and for staff
 * of another business.
 */
export async function requireTenantOwner(request: FastifyRequest) {
  await requireStaffRole(request);
  const identity = userOf(request);
  const { tenant_id } = request.body as { tenant_id: number };
  if (identity.tenantId !== tenant_id) {
    throw new AppError('forbidden', 'Only staff of this business may change its settings');
  }
  if (identity.role !== 'owner') throw new AppError('forbidden', 'Only the owner may change the theme');
}
