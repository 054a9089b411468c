import { randomInt } from 'node:crypto';
import type { Guest, Session, User, UserRole } from '@storefront/core';
import { codeSentMessage } from '@storefront/core';
import type { Config } from '../../config.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { CodePurpose } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { codeMatches, hashCode, hashPassword, newCode, newToken, safeEqual, sha256, verifyPassword } from './crypto.js';
import type { GoogleProfile } from './google.js';
import type { GuestIdentity, Identity, SignInListener } from './identity.js';
import type { AuthRepository } from './repository.js';
import type { SmsSender } from './sms.js';

export const authLimits = {
  codeTtlMinutes: 10,
  maxWrongTriesPerCode: 5,
  codeSendsPerAddressPerHour: 5,
  failedLoginsPerAccountPerHour: 100,
  userTokenDays: 30,
  guestTokenDays: 180,
} as const;

type UserRow = NonNullable<Awaited<ReturnType<AuthRepository['findUserById']>>>;

const wrongCode = () =>
  new AppError('bad_request', 'The code is incorrect or has expired. Request a new one.', {
    code: 'The code is incorrect or has expired',
  });
const badLogin = () => new AppError('unauthorized', 'Invalid email or password');

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    tenant_id: row.tenant_id,
    name: row.name,
    email: row.email,
    phone_no: row.phone_no,
    role: row.role,
    has_password: row.password_hash !== null,
  };
}

export interface AuthServiceDeps {
  repo: AuthRepository;
  mailer: Mailer;
  sms: SmsSender | null;
  config: Pick<Config, 'publicBaseUrl'>;
  verifyGoogle: ((idToken: string) => Promise<GoogleProfile>) | null;
  signInListeners: readonly SignInListener[];
}

export function authService({ repo, mailer, sms, config, verifyGoogle, signInListeners }: AuthServiceDeps) {
  async function assertTenant(tenantId: number) {
    if (!(await repo.findTenant(tenantId))) throw new AppError('not_found', 'Unknown tenant');
  }

  /** The same cap for known and unknown addresses, so it reveals nothing. */
  async function countSend(tenantId: number, purpose: CodePurpose, email: string) {
    const subject = `${purpose}:${email}`;
    const sent = await repo.countAttempts(tenantId, 'code_sent', subject, hourAgo());
    if (sent >= authLimits.codeSendsPerAddressPerHour) {
      throw new AppError('rate_limited', 'Too many codes were requested for this address. Try again in an hour.');
    }
    await repo.recordAttempt(tenantId, 'code_sent', subject);
  }

  async function issueCode(
    tenantId: number,
    email: string,
    purpose: CodePurpose,
    options: { payload?: unknown; link?: boolean } = {},
  ) {
    const code = newCode();
    const salt = newToken().slice(0, 16);
    const linkSecret = options.link ? newToken() : null;
    await repo.insertCode({
      tenant_id: tenantId,
      email,
      purpose,
      code_hash: hashCode(salt, code),
      link_hash: linkSecret ? sha256(linkSecret) : null,
      payload: options.payload === undefined ? null : JSON.stringify(options.payload),
      expires_at: minutesFromNow(authLimits.codeTtlMinutes),
    });
    return { code, linkSecret };
  }

  /** Checks a code (or a reset link's secret) and uses it up. Every failure answers alike. */
  async function consumeCode(
    tenantId: number,
    email: string,
    purpose: CodePurpose,
    proof: { code?: string; linkSecret?: string },
  ) {
    const row = await repo.findOpenCode(tenantId, email, purpose);
    if (!row || row.expires_at <= new Date().toISOString() || row.attempts >= authLimits.maxWrongTriesPerCode) {
      throw wrongCode();
    }
    const ok = proof.code
      ? codeMatches(row.code_hash, proof.code)
      : Boolean(proof.linkSecret && row.link_hash && safeEqual(sha256(proof.linkSecret), row.link_hash));
    if (!ok) {
      await repo.countWrongTry(row.id, authLimits.maxWrongTriesPerCode);
      throw wrongCode();
    }
    if (!(await repo.consumeCode(row.id))) throw wrongCode();
    return row;
  }

  async function mail(tenantId: number, to: string, subject: string, text: string) {
    await mailer.send({ tenantId, to, subject, text });
  }

  /** Creates a session; a guest identity of the same tenant is handed to the listeners, then ended. */
  async function startSession(user: UserRow, caller: Identity): Promise<Session> {
    const token = newToken();
    await repo.insertToken({
      tenant_id: user.tenant_id,
      token_hash: sha256(token),
      kind: 'user',
      user_id: user.id,
      expires_at: minutesFromNow(authLimits.userTokenDays * 24 * 60),
    });
    if (caller?.kind === 'guest' && caller.tenantId === user.tenant_id) {
      for (const listener of signInListeners) {
        await listener({ tenantId: user.tenant_id, guestId: caller.guestId, userId: user.id });
      }
      await repo.revokeGuestTokens(caller.tenantId, caller.guestId);
      await repo.deleteGuest(caller.tenantId, caller.guestId);
    }
    return { token, user: toUser(user), needs_profile: missingProfile(user) };
  }

  function missingProfile(user: UserRow): Session['needs_profile'] {
    const missing: Session['needs_profile'] = [];
    if (!user.name.trim()) missing.push('name');
    if (!user.phone_no.trim()) missing.push('phone_no');
    return missing;
  }

  async function loadUser(tenantId: number, userId: number) {
    const user = await repo.findUserById(tenantId, userId);
    if (!user) throw new AppError('unauthorized', 'Please log in');
    return user;
  }

  return {
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
      return this.getGuest(identity);
    },

    async endGuest(identity: GuestIdentity) {
      await repo.revokeGuestTokens(identity.tenantId, identity.guestId);
      await repo.deleteGuest(identity.tenantId, identity.guestId);
    },

    async signup(input: { tenant_id: number; name: string; email: string; phone_no: string; password: string }) {
      await assertTenant(input.tenant_id);
      await countSend(input.tenant_id, 'signup', input.email);
      const existing = await repo.findUserByEmail(input.tenant_id, input.email);
      // Hash either way so both answers take as long.
      const passwordHash = await hashPassword(input.password);
      if (existing) {
        await mail(
          input.tenant_id,
          input.email,
          'You already have an account',
          `Someone (hopefully you) tried to sign up with this address, but it already has an account.\n\nSign in at ${config.publicBaseUrl}/login, or reset your password at ${config.publicBaseUrl}/forgot-password.\n\nIf this was not you, you can ignore this message.`,
        );
      } else {
        const { code } = await issueCode(input.tenant_id, input.email, 'signup', {
          payload: { name: input.name, phone_no: input.phone_no, password_hash: passwordHash },
        });
        await mail(
          input.tenant_id,
          input.email,
          `Your verification code: ${code}`,
          `Your verification code is ${code}.\n\nEnter it to finish creating your account. It expires in ${authLimits.codeTtlMinutes} minutes and works once.\n\nIf you did not sign up, ignore this message.`,
        );
        await sms?.send({
          tenantId: input.tenant_id,
          to: input.phone_no,
          text: `Your verification code is ${code}. It expires in ${authLimits.codeTtlMinutes} minutes.`,
        });
      }
      return { status: 'code_sent' as const, message: codeSentMessage };
    },

    async requestLoginCode(tenantId: number, email: string) {
      await assertTenant(tenantId);
      await countSend(tenantId, 'login', email);
      const user = await repo.findUserByEmail(tenantId, email);
      if (user) {
        const { code } = await issueCode(tenantId, email, 'login');
        await mail(
          tenantId,
          email,
          `Your sign-in code: ${code}`,
          `Your sign-in code is ${code}.\n\nIt expires in ${authLimits.codeTtlMinutes} minutes and works once. If you did not ask to sign in, ignore this message.`,
        );
      } else {
        await mail(
          tenantId,
          email,
          'Sign-in request',
          `Someone asked to sign in with this address, but it has no account yet. Create one at ${config.publicBaseUrl}/signup.\n\nIf this was not you, you can ignore this message.`,
        );
      }
      return { status: 'code_sent' as const, message: codeSentMessage };
    },

    async verifyCode(
      input: { tenant_id: number; email: string; purpose: 'signup' | 'login'; code: string },
      caller: Identity,
    ) {
      const row = await consumeCode(input.tenant_id, input.email, input.purpose, { code: input.code });
      if (input.purpose === 'login') {
        const user = await repo.findUserByEmail(input.tenant_id, input.email);
        if (!user) throw wrongCode();
        return startSession(user, caller);
      }
      const pending = JSON.parse(row.payload ?? '{}') as { name: string; phone_no: string; password_hash: string };
      let userId: number;
      try {
        userId = await repo.insertUser({
          tenant_id: input.tenant_id,
          email: input.email,
          name: pending.name,
          phone_no: pending.phone_no,
          password_hash: pending.password_hash,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', 'This account exists already. Please log in.');
        throw error;
      }
      return startSession(await loadUser(input.tenant_id, userId), caller);
    },

    async login(input: { tenant_id: number; email: string; password: string }, caller: Identity) {
      const subject = input.email;
      const failures = await repo.countAttempts(input.tenant_id, 'login_failed', subject, hourAgo());
      if (failures >= authLimits.failedLoginsPerAccountPerHour) {
        throw new AppError('rate_limited', 'Too many failed sign-in attempts. Try again later or reset your password.');
      }
      const user = await repo.findUserByEmail(input.tenant_id, input.email);
      const ok = await verifyPassword(input.password, user?.password_hash ?? null);
      if (!user || !ok) {
        if (await repo.findTenant(input.tenant_id)) await repo.recordAttempt(input.tenant_id, 'login_failed', subject);
        throw badLogin();
      }
      return startSession(user, caller);
    },

    async forgotPassword(tenantId: number, email: string) {
      await assertTenant(tenantId);
      await countSend(tenantId, 'reset', email);
      const user = await repo.findUserByEmail(tenantId, email);
      if (user) {
        const { code, linkSecret } = await issueCode(tenantId, email, 'reset', { link: true });
        // The secret rides in the #fragment: browsers never send it to a server, so no log sees it.
        const link = `${config.publicBaseUrl}/forgot-password#email=${encodeURIComponent(email)}&token=${linkSecret}`;
        await mail(
          tenantId,
          email,
          `Your password reset code: ${code}`,
          `Your password reset code is ${code}.\n\nOr open this link to choose a new password:\n${link}\n\nThe code and the link expire in ${authLimits.codeTtlMinutes} minutes and work once. If you did not ask for this, ignore this message; your password stays as it is.`,
        );
      } else {
        await mail(
          tenantId,
          email,
          'Password reset request',
          `Someone asked to reset the password of an account with this address, but there is no such account. Create one at ${config.publicBaseUrl}/signup.\n\nIf this was not you, you can ignore this message.`,
        );
      }
      return { status: 'code_sent' as const, message: codeSentMessage };
    },

    async resetPassword(input: {
      tenant_id: number;
      email: string;
      code?: string;
      reset_token?: string;
      password: string;
    }) {
      await consumeCode(input.tenant_id, input.email, 'reset', { code: input.code, linkSecret: input.reset_token });
      const user = await repo.findUserByEmail(input.tenant_id, input.email);
      if (!user) throw wrongCode();
      await repo.updateUser(user.tenant_id, user.id, { password_hash: await hashPassword(input.password) });
      await repo.revokeUserTokens(user.tenant_id, user.id);
      return startSession(await loadUser(user.tenant_id, user.id), null);
    },

    async googleSignIn(input: { tenant_id: number; id_token: string }, caller: Identity) {
      if (!verifyGoogle) throw new AppError('not_found', 'Google sign-in is not enabled');
      await assertTenant(input.tenant_id);
      const profile = await verifyGoogle(input.id_token);
      let user = await repo.findUserByGoogleSub(input.tenant_id, profile.sub);
      if (!user) {
        const byEmail = await repo.findUserByEmail(input.tenant_id, profile.email);
        if (byEmail) {
          // Google confirmed the address, so the account is the same person's: link it.
          await repo.updateUser(byEmail.tenant_id, byEmail.id, { google_sub: profile.sub });
          user = await loadUser(byEmail.tenant_id, byEmail.id);
        } else {
          const id = await repo.insertUser({
            tenant_id: input.tenant_id,
            email: profile.email,
            name: profile.name,
            phone_no: '',
            password_hash: null,
            google_sub: profile.sub,
          });
          user = await loadUser(input.tenant_id, id);
        }
      }
      return startSession(user, caller);
    },

    async me(tenantId: number, userId: number): Promise<User> {
      return toUser(await loadUser(tenantId, userId));
    },

    async updateProfile(
      tenantId: number,
      userId: number,
      values: { name?: string; email?: string; phone_no?: string },
    ) {
      try {
        await repo.updateUser(tenantId, userId, values);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('conflict', 'Another account uses this email address', {
            email: 'Another account uses this email address',
          });
        }
        throw error;
      }
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

    async logout(tokenId: number | null) {
      if (tokenId !== null) await repo.revokeToken(tokenId);
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
