import type { Db } from '../../db/database.js';
import type { InvitationsTable } from '../../db/schema.js';

type Role = InvitationsTable['role'];

const columns = ['id', 'email', 'role', 'restaurant_ids', 'expires_at', 'accepted_at'] as const;

/** Invitations and the staff rows accepting one changes; each scoped by tenant. */
export function invitationRepository(db: Db) {
  return {
    async insert(values: {
      tenant_id: number;
      email: string;
      role: Role;
      restaurant_ids: number[];
      token_hash: string;
      invited_by: number | null;
      expires_at: string;
    }) {
      const row = await db
        .insertInto('invitations')
        .values({ ...values, restaurant_ids: JSON.stringify(values.restaurant_ids) })
        .returning(columns)
        .executeTakeFirstOrThrow();
      return row;
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
    findByHash(tenantId: number, tokenHash: string) {
      return db
        .selectFrom('invitations')
        .select([...columns, 'tenant_id'])
        .where('tenant_id', '=', tenantId)
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    /** Marks the invitation used; false when another request used it first. */
    async markAccepted(trx: Db, tenantId: number, id: number, now: string) {
      const result = await trx
        .updateTable('invitations')
        .set({ accepted_at: now, updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    countOwners(trx: Db, tenantId: number) {
      return trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('role', '=', 'owner')
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    },
    findUser(trx: Db, tenantId: number, where: { id: number } | { email: string }) {
      return trx
        .selectFrom('users')
        .select(['id', 'tenant_id', 'email', 'name', 'phone_no', 'password_hash', 'google_sub', 'role'])
        .where('tenant_id', '=', tenantId)
        .where((eb) => ('id' in where ? eb('id', '=', where.id) : eb('email', '=', where.email)))
        .executeTakeFirst();
    },
    async setAssignments(trx: Db, tenantId: number, userId: number, restaurantIds: readonly number[]) {
      await trx
        .deleteFrom('staff_restaurants')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .execute();
      if (restaurantIds.length === 0) return;
      await trx
        .insertInto('staff_restaurants')
        .values(restaurantIds.map((restaurant_id) => ({ tenant_id: tenantId, user_id: userId, restaurant_id })))
        .execute();
    },
  };
}

export type InvitationRepository = ReturnType<typeof invitationRepository>;
