import { createHmac, randomBytes } from 'node:crypto';
import type { OrderRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { safeEqual, sha256 } from '../auth/crypto.js';
import type { OrderAccess, OrderContext } from './context.js';
import { placementRepository } from './placement-repository.js';
import type { OrderOwner } from './repository.js';

/** Committed link secrets by tenant, one map per database handle (so per process). */
const secretsByDb = new WeakMap<OrderContext['db'], Map<number, string>>();
function secretsOf(db: OrderContext['db']) {
  const secrets = secretsByDb.get(db) ?? new Map<number, string>();
  secretsByDb.set(db, secrets);
  return secrets;
}

/** How long the header-borne credential a link token is exchanged for stays good (decision 026). */
export const orderAccessTtlMs = 24 * 60 * 60 * 1000;

const hmac = (secret: string, subject: string) => createHmac('sha256', secret).update(subject).digest('base64url');

/** The token of a guest's confirmation link, signed with the tenant's link secret. */
export const signLink = (secret: string, row: Pick<OrderRow, 'tenant_id' | 'id'>) =>
  hmac(secret, `order:${row.tenant_id}:${row.id}`);

/** The credential sent in the order access header: `<expiry in epoch seconds>.<signature>`. */
const signAccess = (secret: string, row: Pick<OrderRow, 'tenant_id' | 'id'>, expires: number) =>
  `${expires}.${hmac(secret, `order-access:${row.tenant_id}:${row.id}:${expires}`)}`;

function ownsOrder(row: OrderRow, owner: OrderOwner | null) {
  if (!owner || owner.tenantId !== row.tenant_id) return false;
  return 'user_id' in owner ? row.user_id === owner.user_id : row.guest_id === owner.guest_id;
}

/**
 * Who may see an order: its owner, or whoever holds a current access credential for it. The mailed
 * link's token opens nothing by itself: it is exchanged once for a credential that travels in a
 * header, never in a URL (decision 026).
 */
export function orderAccess({ db, repo, now }: OrderContext) {
  const secrets = secretsOf(db);

  /**
   * The tenant's committed link secret. It never changes once made (only the first order of a
   * tenant makes it) and a restore needs the server stopped, so it is read once per process
   * (decision 050): two reads fewer for every order placed.
   */
  async function linkSecret(tenantId: number) {
    const known = secrets.get(tenantId);
    if (known) return known;
    const secret = await placementRepository(db).linkSecret(tenantId);
    if (secret) secrets.set(tenantId, secret);
    return secret;
  }

  async function secretOf(tenantId: number) {
    const secret = await linkSecret(tenantId);
    if (!secret) throw new Error('order link secret missing');
    return secret;
  }

  /** The token of a guest's confirmation link: recomputable by the server (mail, retries), stored hashed. */
  async function accessToken(row: Pick<OrderRow, 'tenant_id' | 'id'>): Promise<string> {
    return signLink(await secretOf(row.tenant_id), row);
  }

  /** A credential for the order's access header, good until `expiresAt`. */
  async function credential(row: Pick<OrderRow, 'tenant_id' | 'id'>, expiresAt: number) {
    const expires = Math.floor(expiresAt / 1000);
    return {
      access: signAccess(await secretOf(row.tenant_id), row, expires),
      expires_at: new Date(expires * 1000).toISOString(),
    };
  }

  async function credentialHolds(row: OrderRow, value: string): Promise<boolean> {
    const [expires, signature] = value.split('.');
    const seconds = Number(expires);
    if (!signature || !Number.isInteger(seconds) || seconds * 1000 <= now().getTime()) return false;
    const secret = await linkSecret(row.tenant_id);
    return Boolean(secret) && safeEqual(signAccess(secret as string, row, seconds), value);
  }

  /** The order if the caller owns it or holds a current credential; anything else looks like no order at all. */
  async function authorised(id: number, access: OrderAccess): Promise<OrderRow> {
    const row = await repo.findAnyTenant(id);
    const byOwner = row ? ownsOrder(row, access.owner) : false;
    const sameTenant = !access.owner || access.owner.tenantId === row?.tenant_id;
    const byCredential = row && access.credential && sameTenant ? await credentialHolds(row, access.credential) : false;
    if (!row || !(byOwner || byCredential)) throw new AppError('not_found', 'Order not found');
    return row;
  }

  /** The mailed link's token, exchanged for a header-borne credential; a wrong token is no order at all. */
  async function exchange(id: number, linkToken: string, owner: OrderOwner | null) {
    const row = await repo.findAnyTenant(id);
    const sameTenant = !owner || owner.tenantId === row?.tenant_id;
    if (!row || !sameTenant || !safeEqual(sha256(linkToken), row.access_token_hash)) {
      throw new AppError('not_found', 'Order not found');
    }
    return credential(row, now().getTime() + orderAccessTtlMs);
  }

  /**
   * A secret for a link or credential of another kind (`subject` names it, e.g. a gift card purchase),
   * signed with the tenant's link secret so the server can recompute it and store nothing.
   */
  async function signFor(tenantId: number, subject: string): Promise<string> {
    const secret = await placementRepository(db).ensureLinkSecret(tenantId, randomBytes(32).toString('base64url'));
    return hmac(secret, subject);
  }

  return { accessToken, credential, authorised, exchange, signFor, linkSecret };
}

export type OrderAccessCheck = ReturnType<typeof orderAccess>;
