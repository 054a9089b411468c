import { codeSentMessage } from '@orderfront/core';
import { type AuthContext, authLimits } from './context.js';
import { hashPassword } from './crypto.js';

/** Sign-up, sign-in code and password reset requests: each mails a code, or says why it cannot. */
export function codeRequests(ctx: AuthContext) {
  const { repo, config, sms, assertTenant, countSend, issueCode, mail } = ctx;
  return {
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
  };
}
