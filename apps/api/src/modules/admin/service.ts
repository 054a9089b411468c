import { type AdminOpeningRange, abilitiesOf } from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import type { UserIdentity } from '../auth/identity.js';
import { notYourRestaurant, staffAccess } from './access.js';
import { adminRepository } from './repository.js';

type Restaurant = { id: number; timezone: string };

const ownersManageAll = () => new AppError('unprocessable', 'Owners manage every restaurant');
const noSuchMember = () => new AppError('not_found', 'No such staff member');

/** The back office's own areas: who is signed in, opening hours and the staff list. */
export function adminService(db: Db) {
  const repo = adminRepository(db);
  const access = staffAccess(db);

  /** The tenant's restaurant ids among `ids` (deduplicated, sorted); 403 if any is not the tenant's. */
  async function ownRestaurantIds(tenantId: number, ids: readonly number[]) {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    const own = new Set((await repo.tenantRestaurants(tenantId)).map((r) => r.id));
    if (unique.some((id) => !own.has(id))) throw notYourRestaurant();
    return unique;
  }

  async function hours(tenantId: number, restaurant: Restaurant) {
    const rows = await repo.hours(tenantId, restaurant.id);
    return { restaurant_id: restaurant.id, timezone: restaurant.timezone, hours: rows };
  }

  return {
    async me(identity: UserIdentity) {
      const user = await repo.findUser(identity.tenantId, identity.userId);
      return { user, abilities: abilitiesOf(identity.role), restaurants: await access.restaurantsOf(identity) };
    },

    hours,

    /** Replaces the hours (a day left out is closed for that method) and answers the new ones. */
    async replaceHours(tenantId: number, restaurant: Restaurant, ranges: readonly AdminOpeningRange[]) {
      await repo.replaceHours(tenantId, restaurant.id, ranges);
      return hours(tenantId, restaurant);
    },

    staff: (tenantId: number) => repo.staff(tenantId),

    /** Makes an existing account of the tenant staff or manager at the given restaurants. */
    async addStaff(tenantId: number, body: { email: string; role: 'staff' | 'manager'; restaurant_ids: number[] }) {
      const ids = await ownRestaurantIds(tenantId, body.restaurant_ids);
      const user = await repo.findUserByEmail(tenantId, body.email);
      if (!user) {
        throw new AppError('not_found', 'There is no account with this email: ask them to sign up first', {
          email: 'No such account',
        });
      }
      if (user.role === 'owner') throw ownersManageAll();
      await repo.setRole(tenantId, user.id, body.role);
      await repo.setAssignments(tenantId, user.id, ids);
      const member = (await repo.staff(tenantId)).find((m) => m.id === user.id);
      if (!member) throw noSuchMember();
      return member;
    },

    async setStaffRestaurants(tenantId: number, userId: number, restaurantIds: readonly number[]) {
      const ids = await ownRestaurantIds(tenantId, restaurantIds);
      const member = (await repo.staff(tenantId)).find((m) => m.id === userId);
      if (!member) throw noSuchMember();
      if (member.role === 'owner') throw ownersManageAll();
      await repo.setAssignments(tenantId, member.id, ids);
      return { ...member, restaurant_ids: ids };
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
