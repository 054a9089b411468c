import { isUniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../lib/errors.js';
import { type AuthContext, wrongCode } from './context.js';
import { hashPassword, verifyPassword } from './crypto.js';
import type { Identity } from './identity.js';
import { loginThrottle } from './login-throttle.js';

const badLogin = () => new AppError('unauthorized', 'Invalid email or password');

/** Every way to start a session: a mailed code, a password, a reset code or link, Google. */
export function signIns(ctx: AuthContext) {
  const { repo, tenants, verifyGoogle, assertTenant, consumeCode, startSession, loadUser } = ctx;
  const throttle = loginThrottle(repo);
  return {
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

    async login(input: { tenant_id: number; email: string; password: string }, caller: Identity, ip: string) {
      await throttle.check(input.tenant_id, input.email, ip);
      const user = await repo.findUserByEmail(input.tenant_id, input.email);
      const ok = await verifyPassword(input.password, user?.password_hash ?? null);
      if (!user || !ok) {
        if (await tenants.byId(input.tenant_id)) await throttle.failed(input.tenant_id, input.email, ip);
        throw badLogin();
      }
      await throttle.succeeded(input.tenant_id, input.email, ip);
      return startSession(user, caller);
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
  };
}
