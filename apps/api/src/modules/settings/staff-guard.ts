import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { requireRole, userOf } from '../auth/identity.js';

/** The roles that run a business's storefront (accounts issue); customers are not among them. */
export const staffRoles = ['staff', 'manager', 'owner'] as const;

const requireStaffRole = requireRole(...staffRoles);
const requireOwnerRole = requireRole('owner');

/**
 * Who may save the theme: signed-in staff of the tenant whose settings change. 401 without a
 * user's token, 403 for a customer, and 403 for staff of another business.
 */
export async function requireTenantStaff(request: FastifyRequest) {
  await requireStaffRole(request);
  const { tenant_id } = request.body as { tenant_id: number };
  if (userOf(request).tenantId !== tenant_id) {
    throw new AppError('forbidden', 'Only staff of this business may change its settings');
  }
}

/** Who may set the payment provider and its keys: the tenant's owners only (issue 11's roles). */
export async function requireTenantOwner(request: FastifyRequest) {
  await requireOwnerRole(request);
  const { tenant_id } = request.body as { tenant_id: number };
  if (userOf(request).tenantId !== tenant_id) {
    throw new AppError('forbidden', 'Only the owner of this business may change its payments');
  }
}
