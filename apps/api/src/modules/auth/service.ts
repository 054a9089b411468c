import { randomInt } from 'node:crypto';
import type { Guest, Session, User, UserRole } from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../lib/errors.js';
import { codeRequests } from './code-requests.js';
import {
  type AuthContext,
  type AuthServiceDeps,
  authContext,
  authLimits,
  minutesFromNow,
  missingProfile,
  toUser,
} from './context.js';
import { hashPassword, newToken, sha256, verifyPassword } from './crypto.js';
import { emailChanges } from './email-change.js';
import type { GuestIdentity } from './identity.js';
import { authRepository } from './repository.js';
import { signIns } from './sign-in.js';

/** Accounts: sign-up and sign-in, guests, the profile, passwords, sessions and staff roles. */
export function authService(deps: AuthServiceDeps) {
  const ctx = authContext(deps);
  return { ...guestActions(ctx), ...codeRequests(ctx), ...signIns(ctx), ...accountActions(ctx) };
}

/** The live session a bearer token stands for (identityPlugin asks on every request). */
export function tokenService(db: Db) {
  const repo = authRepository(db);
  return { findLive: (token: string) => repo.findLiveToken(sha256(token), new Date().toISOString()) };
}

/**
 * A new session for a user another module has just let in (an accepted invitation, decision 036):
 * the same token and answer as a sign-in, without a guest to merge.
 */
export function sessionStarter(db: Db) {
  const repo = authRepository(db);
  return {
    async start(tenantId: number, userId: number): Promise<Session> {
      const user = await repo.findUserById(tenantId, userId);
      if (!user) throw new AppError('unauthorized', 'Please log in');
      const token = newToken();
      await repo.insertToken({
        tenant_id: tenantId,
        token_hash: sha256(token),
        kind: 'user',
        user_id: userId,
        expires_at: minutesFromNow(authLimits.userTokenDays * 24 * 60),
      });
      return { token, user: toUser(user), needs_profile: missingProfile(user) };
    },
  };
}

function guestActions({ repo, assertTenant }: AuthContext) {
  const guests = {
    async createGuest(tenantId: number): Promise<{ guest_token: string; guest: Guest }> {
      await assertTenant(tenantId);
      for (let attempt = 0; attempt < 20; attempt++) {
        const guestId = randomInt(1_000_000, 10_000_000);
        try {
          await repo.insertGuest(tenantId, guestId);
        } catch (error) {
          if (isUniqueViolation(error)) continue;
          throw error;
        }
        const token = newToken();
        await repo.insertToken({
          tenant_id: tenantId,
          token_hash: sha256(token),
          kind: 'guest',
          guest_id: guestId,
          expires_at: minutesFromNow(authLimits.guestTokenDays * 24 * 60),
        });
        return { guest_token: token, guest: { guest_id: guestId, name: '', email: '', phone_no: '' } };
      }
      throw new AppError('service_unavailable', 'Could not create a guest identity; try again');
    },

    async getGuest(identity: GuestIdentity): Promise<Guest> {
      const guest = await repo.findGuest(identity.tenantId, identity.guestId);
      if (!guest) throw new AppError('unauthorized', 'Please log in');
      return guest;
    },

    async updateGuest(identity: GuestIdentity, values: { name?: string; email?: string; phone_no?: string }) {
      await repo.updateGuest(identity.tenantId, identity.guestId, values);
      return guests.getGuest(identity);
    },

    async endGuest(identity: GuestIdentity) {
      await repo.revokeGuestTokens(identity.tenantId, identity.guestId);
      await repo.deleteGuest(identity.tenantId, identity.guestId);
    },
  };
  return guests;
}

function accountActions(ctx: AuthContext) {
  const { repo, loadUser } = ctx;
  const emailChange = emailChanges(ctx);
  return {
    async me(tenantId: number, userId: number): Promise<User> {
      return toUser(await loadUser(tenantId, userId));
    },

    /**
     * Name and phone change at once; a new email address only once the code mailed to it comes back
     * (verifyEmail). The answer is the same whether or not another account uses the address.
     */
    async updateProfile(
      tenantId: number,
      userId: number,
      values: { name?: string; email?: string; phone_no?: string },
    ) {
      const { email, ...rest } = values;
      const user = await loadUser(tenantId, userId);
      if (email !== undefined && email !== user.email) await emailChange.request(user, email);
      if (Object.keys(rest).length) await repo.updateUser(tenantId, userId, rest);
      return toUser(await loadUser(tenantId, userId));
    },

    async verifyEmail(tenantId: number, userId: number, input: { email: string; code: string }) {
      await emailChange.confirm(await loadUser(tenantId, userId), input.email, input.code);
      return toUser(await loadUser(tenantId, userId));
    },

    /** Changes the password and ends every other session of the user. */
    async changePassword(
      tenantId: number,
      userId: number,
      currentTokenId: number | null,
      input: { current_password?: string; new_password: string },
    ) {
      const user = await loadUser(tenantId, userId);
      if (user.password_hash !== null && !(await verifyPassword(input.current_password ?? '', user.password_hash))) {
        throw new AppError('bad_request', 'The current password is wrong', {
          current_password: 'The current password is wrong',
        });
      }
      await repo.updateUser(tenantId, userId, { password_hash: await hashPassword(input.new_password) });
      await repo.revokeUserTokens(tenantId, userId, currentTokenId ?? undefined);
      return toUser(await loadUser(tenantId, userId));
    },

    async logout(tenantId: number, tokenId: number | null) {
      if (tokenId !== null) await repo.revokeToken(tenantId, tokenId);
    },

    async logoutEverywhere(tenantId: number, userId: number) {
      await repo.revokeUserTokens(tenantId, userId);
    },

    async setRole(tenantId: number, actorId: number, userId: number, role: UserRole) {
      if (actorId === userId) throw new AppError('unprocessable', 'You cannot change your own role');
      const target = await repo.findUserById(tenantId, userId);
      if (!target) throw new AppError('not_found', 'No such user');
      await repo.updateUser(tenantId, userId, { role });
      return toUser(await loadUser(tenantId, userId));
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
