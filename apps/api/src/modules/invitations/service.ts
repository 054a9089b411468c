import type { AcceptInvitationBody, Invitation, InvitationRole, Session } from '@orderfront/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { notYourRestaurant } from '../admin/access.js';
import { adminRepository } from '../admin/repository.js';
import { authLimits, minutesFromNow, toUser } from '../auth/context.js';
import { hashPassword, newToken, sha256 } from '../auth/crypto.js';
import { authRepository } from '../auth/repository.js';
import type { Mailer } from '../mail/service.js';
import { tenantRepository } from '../tenants/repository.js';
import { invitationRepository } from './repository.js';

/** How long an invitation link works (decision 036). */
export const invitationTtlDays = 7;

const invalidLink = () =>
  new AppError(
    'bad_request',
    'This invitation link is not valid, has expired or was used already. Ask for a new one.',
    {
      token: 'The invitation is not valid, has expired or was used already',
    },
  );
const lastOwner = () =>
  new AppError('unprocessable', 'A business needs an owner: make someone else an owner before you step down');

type Row = {
  id: number;
  email: string;
  role: InvitationRole;
  restaurant_ids: string;
  expires_at: string;
  accepted_at: string | null;
};

const toInvitation = (row: Row): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  restaurant_ids: JSON.parse(row.restaurant_ids) as number[],
  expires_at: row.expires_at,
  accepted_at: row.accepted_at,
});

/**
 * Where an invitation link points: the tenant's own host on the public address's scheme and port,
 * with the token in the fragment so it never reaches a log or a Referer header (decision 036).
 */
export function invitationLink(publicBaseUrl: string, host: string | null, token: string) {
  const url = new URL('/accept-invite', publicBaseUrl);
  if (host) url.hostname = host;
  url.hash = `token=${token}`;
  return url.toString();
}

export interface InvitationDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicBaseUrl'>;
}

/** Owners' invitations of the people who run the business with them, and their roles. */
export function invitationService({ db, mailer, config }: InvitationDeps) {
  const repo = invitationRepository(db);
  const tenants = tenantRepository(db);
  const auth = authRepository(db);
  const admin = adminRepository(db);

  async function invite(
    tenantId: number,
    invitedBy: number | null,
    body: { email: string; role: InvitationRole; restaurant_ids: number[] },
  ): Promise<Invitation> {
    const tenant = await tenants.findById(tenantId);
    if (!tenant) throw new AppError('not_found', 'Unknown tenant');
    const own = new Set((await admin.tenantRestaurants(tenantId)).map((r) => r.id));
    if (body.restaurant_ids.some((id) => !own.has(id))) throw notYourRestaurant();
    const token = newToken();
    const row = await repo.insert({
      tenant_id: tenantId,
      email: body.email,
      role: body.role,
      // Owners manage every restaurant (decision 017): they need no list.
      restaurant_ids: body.role === 'owner' ? [] : [...new Set(body.restaurant_ids)].sort((a, b) => a - b),
      token_hash: sha256(token),
      invited_by: invitedBy,
      expires_at: minutesFromNow(invitationTtlDays * 24 * 60),
    });
    const link = invitationLink(config.publicBaseUrl, tenant.host, token);
    const as = body.role === 'owner' ? 'an owner' : `a ${body.role}`;
    await mailer.send({
      tenantId,
      to: body.email,
      subject: `You are invited to run ${tenant.name}`,
      text: [
        `You are invited to join ${tenant.name} as ${as}.`,
        '',
        `Set your name and password here (the link works once, for ${invitationTtlDays} days):`,
        link,
        '',
        'If you did not expect this, ignore this mail.',
      ].join('\n'),
    });
    return toInvitation(row);
  }

  /** Uses the invitation once: creates or updates the account, gives the role, and signs them in. */
  async function accept(body: AcceptInvitationBody): Promise<Session> {
    const now = new Date().toISOString();
    const found = await repo.findByHash(body.tenant_id, sha256(body.token));
    if (!found || found.accepted_at || found.expires_at <= now) throw invalidLink();
    const passwordHash = await hashPassword(body.password);
    const userId = await db.transaction().execute(async (trx) => {
      if (!(await repo.markAccepted(trx, found.tenant_id, found.id, now))) throw invalidLink();
      const existing = await repo.findUser(trx, found.tenant_id, { email: found.email });
      // An invitation never lowers a role: an owner invited as staff stays an owner.
      const rank = { customer: 0, staff: 1, manager: 2, owner: 3 } as const;
      const role = existing && rank[existing.role] > rank[found.role] ? existing.role : found.role;
      let id: number;
      if (existing) {
        id = existing.id;
        await trx
          .updateTable('users')
          .set({ name: body.name, password_hash: passwordHash, role, updated_at: now })
          .where('tenant_id', '=', found.tenant_id)
          .where('id', '=', id)
          .execute();
      } else {
        const inserted = await trx
          .insertInto('users')
          .values({
            tenant_id: found.tenant_id,
            email: found.email,
            name: body.name,
            password_hash: passwordHash,
            role,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = inserted.id;
      }
      if (role !== 'owner') {
        const current = await trx
          .selectFrom('staff_restaurants')
          .select('restaurant_id')
          .where('tenant_id', '=', found.tenant_id)
          .where('user_id', '=', id)
          .execute();
        const own = await trx.selectFrom('restaurants').select('id').where('tenant_id', '=', found.tenant_id).execute();
        const ownIds = new Set(own.map((r) => r.id));
        const invited = (JSON.parse(found.restaurant_ids) as number[]).filter((rid) => ownIds.has(rid));
        const ids = [...new Set([...current.map((r) => r.restaurant_id), ...invited])].sort((a, b) => a - b);
        await repo.setAssignments(trx, found.tenant_id, id, ids);
      }
      return id;
    });
    const token = newToken();
    await auth.insertToken({
      tenant_id: found.tenant_id,
      token_hash: sha256(token),
      kind: 'user',
      user_id: userId,
      expires_at: minutesFromNow(authLimits.userTokenDays * 24 * 60),
    });
    const user = await auth.findUserById(found.tenant_id, userId);
    if (!user) throw invalidLink();
    return { token, user: toUser(user), needs_profile: user.phone_no.trim() ? [] : ['phone_no'] };
  }

  /** An owner changes a team member's role; the last owner cannot step down (decision 036). */
  async function setRole(tenantId: number, userId: number, role: InvitationRole | 'customer') {
    return db.transaction().execute(async (trx) => {
      const target = await repo.findUser(trx, tenantId, { id: userId });
      if (!target || target.role === 'customer') {
        throw new AppError('not_found', 'No such staff member');
      }
      if (target.role === 'owner' && role !== 'owner' && (await repo.countOwners(trx, tenantId)) <= 1) {
        throw lastOwner();
      }
      await trx
        .updateTable('users')
        .set({ role, updated_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', userId)
        .execute();
      // Owners manage every restaurant; someone without access works at none.
      if (role === 'owner' || role === 'customer') await repo.setAssignments(trx, tenantId, userId, []);
      const after = await repo.findUser(trx, tenantId, { id: userId });
      const links = await trx
        .selectFrom('staff_restaurants')
        .select('restaurant_id')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .orderBy('restaurant_id')
        .execute();
      if (!after) throw new AppError('not_found', 'No such staff member');
      return {
        id: after.id,
        name: after.name,
        email: after.email,
        role: after.role,
        restaurant_ids: links.map((l) => l.restaurant_id),
      };
    });
  }

  return {
    invite,
    accept,
    setRole,
    /** Removes someone's access: they keep their account as a customer. */
    removeAccess: (tenantId: number, userId: number) => setRole(tenantId, userId, 'customer'),
    pending: async (tenantId: number) => (await repo.pending(tenantId)).map(toInvitation),
  };
}

export type InvitationService = ReturnType<typeof invitationService>;
