import type { UserRole } from '@orderfront/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.js';
import { guard } from '../../lib/guards.js';
import { tokenService } from './service.js';

/** Who is calling, from the bearer token (spec §7): a registered user, a guest, or nobody. */
export type Identity =
  | { kind: 'user'; userId: number; tenantId: number; role: UserRole }
  | { kind: 'guest'; guestId: number; tenantId: number }
  | null;

export type UserIdentity = Extract<Identity, { kind: 'user' }>;
export type GuestIdentity = Extract<Identity, { kind: 'guest' }>;

/** Called when someone signs in while holding a guest identity (the cart merges the guest's cart). */
export type SignInListener = (event: { tenantId: number; guestId: number; userId: number }) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Accounts hooks for other modules. `onSignIn(listener)`: run on every sign-in (password, code,
     * Google, sign-up) by a caller holding a guest token of the same tenant, before that guest
     * identity is ended. The cart module registers its guest-cart merge here.
     */
    accounts: { onSignIn(listener: SignInListener): void; readonly signInListeners: readonly SignInListener[] };
  }
  interface FastifyRequest {
    /** Resolved from `Authorization: Bearer …` by identityPlugin; null without a live token. */
    identity: Identity;
    /** The row id of the presented token (logout revokes it). */
    authTokenId: number | null;
  }
}

const bearerPattern = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

/**
 * Resolves `request.identity` for every route registered after it in the same scope (registered
 * once under /api in app.ts). A missing, unknown, expired or revoked token gives null; routes that
 * need someone use the preHandlers below.
 */
export const identityPlugin = fp(
  async (app: FastifyInstance) => {
    const tokens = tokenService(app.db);
    const signInListeners: SignInListener[] = [];
    app.decorate('accounts', {
      onSignIn: (listener: SignInListener) => void signInListeners.push(listener),
      signInListeners,
    });
    app.decorateRequest('identity', null);
    app.decorateRequest('authTokenId', null);
    // A callback, not an async hook: a request without a token (the menu) goes on at once (decision 057).
    app.addHook('onRequest', (request, _reply, done) => {
      const authorization = request.headers.authorization;
      const match = authorization === undefined ? null : bearerPattern.exec(authorization);
      if (!match?.[1]) return done();
      tokens.findLive(match[1]).then((row) => {
        if (row) {
          request.authTokenId = row.id;
          if (row.kind === 'user' && row.user_id !== null && row.role) {
            request.identity = { kind: 'user', userId: row.user_id, tenantId: row.tenant_id, role: row.role };
          } else if (row.kind === 'guest' && row.guest_id !== null) {
            request.identity = { kind: 'guest', guestId: row.guest_id, tenantId: row.tenant_id };
          }
        }
        done();
      }, done);
    });
  },
  { name: 'identity' },
);

const unauthenticated = () => new AppError('unauthorized', 'Please log in');

/** preHandler: 401 unless a registered user's or a guest's token is presented. */
export const requireIdentity = guard(
  async (request: FastifyRequest) => {
    if (!request.identity) throw unauthenticated();
  },
  { caller: 'identity' },
);

/** preHandler: 401 unless a registered user's token is presented. */
export const requireUser = guard(
  async (request: FastifyRequest) => {
    if (request.identity?.kind !== 'user') throw unauthenticated();
  },
  { caller: 'user' },
);

/** preHandler: 401 unless a guest token is presented. */
export const requireGuest = guard(
  async (request: FastifyRequest) => {
    if (request.identity?.kind !== 'guest') throw unauthenticated();
  },
  { caller: 'guest' },
);

/** preHandler: 401 without a user's token, 403 when the user's role is not one of `roles`. */
export function requireRole(...roles: UserRole[]) {
  return guard(
    async (request: FastifyRequest) => {
      await requireUser(request);
      const identity = request.identity as UserIdentity;
      if (!roles.includes(identity.role)) throw new AppError('forbidden', 'Your role does not allow this');
    },
    { caller: 'user', roles },
  );
}

/** The caller's user identity (use after requireUser). */
export function userOf(request: FastifyRequest): UserIdentity {
  if (request.identity?.kind !== 'user') throw unauthenticated();
  return request.identity;
}

/** The caller's guest identity (use after requireGuest). */
export function guestOf(request: FastifyRequest): GuestIdentity {
  if (request.identity?.kind !== 'guest') throw unauthenticated();
  return request.identity;
}

/**
 * DESIGN §3: a `user_id`, `guest_id` or `tenant_id` in a query or body must be the token's own,
 * else 403. Pass whichever of them the request carries.
 */
export function assertOwnIds(
  request: FastifyRequest,
  ids: { user_id?: number | null; guest_id?: number | null; tenant_id?: number | null },
) {
  const identity = request.identity;
  if (!identity) throw unauthenticated();
  const mismatch =
    (ids.tenant_id != null && ids.tenant_id !== identity.tenantId) ||
    (ids.user_id != null && (identity.kind !== 'user' || ids.user_id !== identity.userId)) ||
    (ids.guest_id != null && (identity.kind !== 'guest' || ids.guest_id !== identity.guestId));
  if (mismatch) throw new AppError('forbidden', 'That belongs to someone else');
}
