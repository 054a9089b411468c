import type { AcceptInvitationBody, Invitation, InvitationRole, Session } from '@orderfront/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { notYourRestaurant } from '../admin/access.js';
import { minutesFromNow } from '../auth/context.js';
import { hashPassword, newToken, sha256 } from '../auth/crypto.js';
import { sessionStarter } from '../auth/service.js';
import type { Mailer } from '../mail/service.js';
import { tenantService } from '../tenants/service.js';
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
const noInvitation = () => new AppError('not_found', 'No pending invitation by that id');
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
  const tenants = tenantService(db);
  const sessions = sessionStarter(db);

  async function mailLink(tenant: { id: number; name: string; host: string | null }, row: Row, token: string) {
    const link = invitationLink(config.publicBaseUrl, tenant.host, token);
    const as = row.role === 'owner' ? 'an owner' : `a ${row.role}`;
    await mailer.send({
      tenantId: tenant.id,
      to: row.email,
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
  }

  /** A new link for a pending invitation, mailed again; the old link stops working. */
  async function resend(tenantId: number, id: number): Promise<Invitation> {
    const tenant = await tenants.byId(tenantId);
    if (!tenant) throw new AppError('not_found', 'Unknown tenant');
    const token = newToken();
    const row = await repo.renew(tenantId, id, {
      token_hash: sha256(token),
      expires_at: minutesFromNow(invitationTtlDays * 24 * 60),
    });
    if (!row) throw noInvitation();
    await mailLink(tenant, row, token);
    return toInvitation(row);
  }

  /** Withdraws a pending invitation: its link stops working. */
  async function withdraw(tenantId: number, id: number) {
    if (!(await repo.withdraw(tenantId, id))) throw noInvitation();
    return { id };
  }

  async function invite(
    tenantId: number,
    invitedBy: number | null,
    body: { email: string; role: InvitationRole; restaurant_ids: number[] },
  ): Promise<Invitation> {
    const tenant = await tenants.byId(tenantId);
    if (!tenant) throw new AppError('not_found', 'Unknown tenant');
    const own = await repo.tenantRestaurantIds(tenantId);
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
    await mailLink(tenant, row, token);
    return toInvitation(row);
  }

  /** Uses the invitation once: creates or updates the account, gives the role, and signs them in. */
  async function accept(body: AcceptInvitationBody): Promise<Session> {
    const now = new Date().toISOString();
    const found = await repo.findByHash(body.tenant_id, sha256(body.token));
    if (!found || found.accepted_at || found.expires_at <= now) throw invalidLink();
    const userId = await repo.accept(found, { name: body.name, password_hash: await hashPassword(body.password) }, now);
    if (userId === null) throw invalidLink();
    return sessions.start(found.tenant_id, userId);
  }

  /** An owner changes a team member's role; the last owner cannot step down (decision 036). */
  async function setRole(tenantId: number, userId: number, role: InvitationRole | 'customer') {
    const result = await repo.changeRole(tenantId, userId, role);
    if (result === 'not_member') throw new AppError('not_found', 'No such staff member');
    if (result === 'last_owner') throw lastOwner();
    return result;
  }

  return {
    invite,
    resend,
    withdraw,
    accept,
    setRole,
    /** Removes someone's access: they keep their account as a customer. */
    removeAccess: (tenantId: number, userId: number) => setRole(tenantId, userId, 'customer'),
    pending: async (tenantId: number) => (await repo.pending(tenantId)).map(toInvitation),
  };
}

export type InvitationService = ReturnType<typeof invitationService>;
