import { createHmac } from 'node:crypto';
import type { OrderRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { safeEqual, sha256 } from '../auth/crypto.js';
import type { OrderAccess, OrderContext } from './context.js';
import { placementRepository } from './placement-repository.js';
import type { OrderOwner } from './repository.js';

/** The token of a guest's confirmation link, signed with the tenant's link secret. */
export const signLink = (secret: string, row: Pick<OrderRow, 'tenant_id' | 'id'>) =>
  createHmac('sha256', secret).update(`order:${row.tenant_id}:${row.id}`).digest('base64url');

function ownsOrder(row: OrderRow, owner: OrderOwner | null) {
  if (!owner || owner.tenantId !== row.tenant_id) return false;
  return 'user_id' in owner ? row.user_id === owner.user_id : row.guest_id === owner.guest_id;
}

/** Who may see an order: its owner, or whoever holds its link token. */
export function orderAccess({ db, repo }: OrderContext) {
  /** The token of a guest's confirmation link: recomputable by the server (mail, retries), stored hashed. */
  async function accessToken(row: Pick<OrderRow, 'tenant_id' | 'id'>): Promise<string> {
    const secret = await placementRepository(db).linkSecret(row.tenant_id);
    if (!secret) throw new Error('order link secret missing');
    return signLink(secret, row);
  }

  /** The order if the caller owns it or holds its link token; anything else looks like no order at all. */
  async function authorised(id: number, access: OrderAccess): Promise<OrderRow> {
    const row = await repo.findAnyTenant(id);
    const byOwner = row ? ownsOrder(row, access.owner) : false;
    const byToken =
      row && access.token && (!access.owner || access.owner.tenantId === row.tenant_id)
        ? safeEqual(sha256(access.token), row.access_token_hash)
        : false;
    if (!row || !(byOwner || byToken)) throw new AppError('not_found', 'Order not found');
    return row;
  }

  return { accessToken, authorised };
}

export type OrderAccessCheck = ReturnType<typeof orderAccess>;
