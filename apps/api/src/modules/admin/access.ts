import { type AdminAbility, type AdminRestaurant, isStaffRole, roleAllows, staffRoles } from '@orderfront/core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { guard } from '../../lib/guards.js';
import { requireUser, type UserIdentity, userOf } from '../auth/identity.js';
import { adminRepository } from './repository.js';

/**
 * preHandler of every back-office call: 401 without a user's token, 403 for a customer and for a
 * role below the one the area needs (rules/staff-roles.ts).
 */
export function requireAbility(ability: AdminAbility) {
  return guard(
    async (request: FastifyRequest) => {
      await requireUser(request);
      const { role } = userOf(request);
      if (!isStaffRole(role)) throw new AppError('forbidden', 'Only staff of this business may do this');
      if (!roleAllows(role, ability)) throw new AppError('forbidden', 'Your role does not allow this');
    },
    { caller: 'user', roles: staffRoles.filter((role) => roleAllows(role, ability)), ability },
  );
}

/** preHandler: any staff role of the tenant (401 without a user's token, 403 for a customer). */
export const requireStaff = guard(
  async (request: FastifyRequest) => {
    await requireUser(request);
    if (!isStaffRole(userOf(request).role)) throw new AppError('forbidden', 'Only staff of this business may do this');
  },
  { caller: 'user', roles: staffRoles },
);

export const notYourRestaurant = () => new AppError('forbidden', 'You do not manage this restaurant');

/** Which restaurants a staff member may manage: owners all of the tenant's, others those assigned. */
export function staffAccess(db: Db) {
  const repo = adminRepository(db);

  async function restaurantsOf(identity: UserIdentity): Promise<AdminRestaurant[]> {
    return identity.role === 'owner'
      ? repo.tenantRestaurants(identity.tenantId)
      : repo.assignedRestaurants(identity.tenantId, identity.userId);
  }

  /** 403 unless the caller manages `restaurantId` (another tenant's restaurant included). */
  async function assertManages(identity: UserIdentity, restaurantId: number): Promise<AdminRestaurant> {
    const restaurant = (await restaurantsOf(identity)).find((r) => r.id === restaurantId);
    if (!restaurant) throw notYourRestaurant();
    return restaurant;
  }

  /** The caller's tenant and the restaurant they act on, once they are known to manage it. */
  async function scope(request: FastifyRequest, restaurantId: number) {
    const identity = userOf(request);
    const restaurant = await assertManages(identity, restaurantId);
    return { tenantId: identity.tenantId, restaurant };
  }

  return { restaurantsOf, assertManages, scope };
}

export type StaffAccess = ReturnType<typeof staffAccess>;
