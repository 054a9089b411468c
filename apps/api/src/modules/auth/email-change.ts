import { isUniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../lib/errors.js';
import { type AuthContext, authLimits } from './context.js';

type Account = { id: number; tenant_id: number; email: string };

/**
 * A pending email change is a one-time code keyed by the user and the new address, so it shares the
 * codes' single-update try limit (decision 025). The key is never an address (it has a colon before
 * the @), so no sign-in code can collide with it.
 */
const changeKey = (userId: number, email: string) => `email-change:${userId}:${email}`;

/** Changing a signed-in user's email: a code to the new address, then the change (decision 025). */
export function emailChanges({ repo, config, countSend, issueCode, consumeCode, mail }: AuthContext) {
  return {
    /** Mails the new address a code, or (when another account has it) a notice; answers nothing. */
    async request(user: Account, email: string) {
      const key = changeKey(user.id, email);
      await countSend(user.tenant_id, 'login', key);
      if (await repo.findUserByEmail(user.tenant_id, email)) {
        await mail(
          user.tenant_id,
          email,
          'Email change request',
          `Someone asked to move another account to this address, but this address already has an account. Sign in at ${config.publicBaseUrl}/login.\n\nIf this was not you, you can ignore this message.`,
        );
        return;
      }
      const { code } = await issueCode(user.tenant_id, key, 'login');
      await mail(
        user.tenant_id,
        email,
        `Your email confirmation code: ${code}`,
        `Your confirmation code is ${code}.\n\nEnter it on your profile page to use this address for your account. It expires in ${authLimits.codeTtlMinutes} minutes and works once.\n\nIf you did not ask for this, ignore this message.`,
      );
    },

    /** Uses the code and moves the account to the new address. */
    async confirm(user: Account, email: string, code: string) {
      await consumeCode(user.tenant_id, changeKey(user.id, email), 'login', { code });
      try {
        await repo.updateUser(user.tenant_id, user.id, { email });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('conflict', 'Another account uses this email address', {
            email: 'Another account uses this email address',
          });
        }
        throw error;
      }
    },
  };
}
