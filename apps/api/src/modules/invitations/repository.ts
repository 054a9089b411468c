import type { Db } from '../../db/database.js';
import type { InvitationsTable, UserRole } from '../../db/schema.js';

type Role = InvitationsTable['role'];

const columns = ['id', 'email', 'role', 'restaurant_ids', 'expires_at', 'accepted_at'] as const;
const rank: Record<UserRole, number> = { customer: 0, staff: 1, manager: 2, owner: 3 };

async function setAssignments(trx: Db, tenantId: number, userId: number, restaurantIds: readonly number[]) {
  await trx.deleteFrom('staff_restaurants').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  if (restaurantIds.length === 0) return;
  await trx
    .insertInto('staff_restaurants')
    .values(restaurantIds.map((restaurant_id) => ({ tenant_id: tenantId, user_id: userId, restaurant_id })))
    .execute();
}

async function member(trx: Db, tenantId: number, userId: number) {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const links = await trx
    .selectFrom('staff_restaurants')
    .select('restaurant_id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('restaurant_id')
    .execute();
  return { ...user, restaurant_ids: links.map((l) => l.restaurant_id) };
}

/** Invitations, and the accounts, roles and restaurant links they change; each scoped by tenant. */
export function invitationRepository(db: Db) {
  return {
    tenantRestaurantIds(tenantId: number) {
      return db
        .selectFrom('restaurants')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .execute()
        .then((rows) => new Set(rows.map((r) => r.id)));
    },
    insert(values: {
      tenant_id: number;
      email: string;
      role: Role;
      restaurant_ids: number[];
      token_hash: string;
      invited_by: number | null;
      expires_at: string;
    }) {
      return db
        .insertInto('invitations')
        .values({ ...values, restaurant_ids: JSON.stringify(values.restaurant_ids) })
        .returning(columns)
        .executeTakeFirstOrThrow();
    },
    /** Open (unaccepted) invitations of the tenant, newest first. */
    pending(tenantId: number) {
      return db
        .selectFrom('invitations')
        .select(columns)
        .where('tenant_id', '=', tenantId)
        .where('accepted_at', 'is', null)
        .orderBy('id', 'desc')
        .execute();
    },
    /** Removes an invitation not accepted yet; false when there is none by that id. */
    withdraw(tenantId: number, id: number) {
      return db
        .deleteFrom('invitations')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .executeTakeFirst()
        .then((result) => Number(result.numDeletedRows) > 0);
    },
    /** A new token and expiry for an invitation not accepted yet: the old link stops working. */
    renew(tenantId: number, id: number, values: { token_hash: string; expires_at: string }) {
      return db
        .updateTable('invitations')
        .set({ ...values, updated_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .returning(columns)
        .executeTakeFirst();
    },
    findByHash(tenantId: number, tokenHash: string) {
      return db
        .selectFrom('invitations')
        .select([...columns, 'tenant_id'])
        .where('tenant_id', '=', tenantId)
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /**
     * Uses the invitation and makes its account in one transaction: null when another request used
     * it first. An invitation never lowers a role; the invited restaurants (still the tenant's) are
     * added to the ones the person already works at.
     */
    accept(
      invitation: { id: number; tenant_id: number; email: string; role: Role; restaurant_ids: string },
      account: { name: string; password_hash: string },
      now: string,
    ) {
      const tenantId = invitation.tenant_id;
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('invitations')
          .set({ accepted_at: now, updated_at: now })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', invitation.id)
          .where('accepted_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return null;
        const existing = await trx
          .selectFrom('users')
          .select(['id', 'role'])
          .where('tenant_id', '=', tenantId)
          .where('email', '=', invitation.email)
          .executeTakeFirst();
        const role = existing && rank[existing.role] > rank[invitation.role] ? existing.role : invitation.role;
        let userId: number;
        if (existing) {
          userId = existing.id;
          await trx
            .updateTable('users')
            .set({ ...account, role, updated_at: now })
            .where('tenant_id', '=', tenantId)
            .where('id', '=', userId)
            .execute();
        } else {
          const row = await trx
            .insertInto('users')
            .values({ tenant_id: tenantId, email: invitation.email, ...account, role })
            .returning('id')
            .executeTakeFirstOrThrow();
          userId = row.id;
        }
        if (role !== 'owner') {
          const own = await trx.selectFrom('restaurants').select('id').where('tenant_id', '=', tenantId).execute();
          const ownIds = new Set(own.map((r) => r.id));
          const invited = (JSON.parse(invitation.restaurant_ids) as number[]).filter((id) => ownIds.has(id));
          const current = (await member(trx, tenantId, userId))?.restaurant_ids ?? [];
          await setAssignments(
            trx,
            tenantId,
            userId,
            [...new Set([...current, ...invited])].sort((a, b) => a - b),
          );
        }
        return userId;
      });
    },

    /**
     * Sets a team member's role in one transaction. 'not_member' for an id that is not a staff
     * account of the tenant; 'last_owner' when it would leave the business without an owner.
     */
    changeRole(tenantId: number, userId: number, role: UserRole) {
      return db.transaction().execute(async (trx) => {
        const target = await member(trx, tenantId, userId);
        if (!target || target.role === 'customer') return 'not_member' as const;
        if (target.role === 'owner' && role !== 'owner') {
          const { n } = await trx
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tenant_id', '=', tenantId)
            .where('role', '=', 'owner')
            .executeTakeFirstOrThrow();
          if (Number(n) <= 1) return 'last_owner' as const;
        }
        await trx
          .updateTable('users')
          .set({ role, updated_at: new Date().toISOString() })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', userId)
          .execute();
        // Owners manage every restaurant; someone without access works at none.
        if (role === 'owner' || role === 'customer') await setAssignments(trx, tenantId, userId, []);
        return (await member(trx, tenantId, userId)) ?? ('not_member' as const);
      });
    },
  };
}
