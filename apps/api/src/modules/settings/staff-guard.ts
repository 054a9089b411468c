import type { preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../lib/errors.js';

/**
 * Who may save the theme: signed-in staff of the tenant. Accounts (users, tokens, roles) are built
 * in another issue; until its auth layer is merged there is no way to be signed in, so this refuses
 * everyone. It must never be opened up without the real check.
 */
export const requireTenantStaff: preHandlerAsyncHookHandler = async () => {
  throw new AppError('unauthorized', 'Sign in as staff of this business to save its settings');
};
