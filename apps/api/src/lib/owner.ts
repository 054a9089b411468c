import type { FastifyRequest } from 'fastify';

/** A customer of the tenant: a registered user or a guest, never both. */
export type CustomerOwner = { tenantId: number; user_id: number } | { tenantId: number; guest_id: number };

/** The caller as a customer (their bearer identity), or null without a token. */
export function ownerOf(request: FastifyRequest): CustomerOwner | null {
  const identity = request.identity;
  if (identity?.kind === 'user') return { tenantId: identity.tenantId, user_id: identity.userId };
  if (identity?.kind === 'guest') return { tenantId: identity.tenantId, guest_id: identity.guestId };
  return null;
}
