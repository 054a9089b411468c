import { AppError } from '../../lib/errors.js';
import type { AuthRepository } from './repository.js';

/**
 * Password guessing limits (decision 025), counted in the shared database so every API process
 * sees the same figures:
 * - per account and client address: five free failures an hour, then each next try waits twice as
 *   long as the last (1 s, 2 s, 4 s … at most 15 min) after the newest failure;
 * - per client address: at most 100 failures an hour over all accounts;
 * - per account: at most 100 failures an hour from clients that never signed in to it. A client that
 *   signed in with the password in the last 30 days keeps only its own delay, so an attacker
 *   elsewhere cannot lock the owner out, and guessing from elsewhere stays at 100 an hour.
 */
export const loginLimits = {
  freeFailuresPerClient: 5,
  maxDelaySeconds: 15 * 60,
  failuresPerAddressPerHour: 100,
  failuresPerAccountPerHour: 100,
  knownClientDays: 30,
} as const;

const tooMany = (wait?: number) =>
  new AppError(
    'rate_limited',
    wait
      ? `Too many failed sign-in attempts. Try again in ${wait} seconds, or reset your password.`
      : 'Too many failed sign-in attempts. Try again later or reset your password.',
  );

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

export function loginThrottle(repo: AuthRepository) {
  const subjects = (email: string, ip: string) => ({ account: email, pair: `${email}|${ip}`, address: `ip:${ip}` });

  return {
    /** 429 when this client may not try this account's password now. */
    async check(tenantId: number, email: string, ip: string) {
      const { account, pair, address } = subjects(email, ip);
      const hour = ago(3_600_000);
      if (
        (await repo.countAttempts(tenantId, 'login_failed', address, hour)) >= loginLimits.failuresPerAddressPerHour
      ) {
        throw tooMany();
      }
      const own = await repo.countAttempts(tenantId, 'login_failed', pair, hour);
      if (own >= loginLimits.freeFailuresPerClient) {
        const delay = Math.min(2 ** (own - loginLimits.freeFailuresPerClient), loginLimits.maxDelaySeconds);
        const last = await repo.lastAttemptAt(tenantId, 'login_failed', pair);
        const wait = last ? Math.ceil((last.getTime() + delay * 1000 - Date.now()) / 1000) : 0;
        if (wait > 0) throw tooMany(wait);
      }
      if (
        (await repo.countAttempts(tenantId, 'login_failed', account, hour)) >= loginLimits.failuresPerAccountPerHour
      ) {
        const known = await repo.countAttempts(
          tenantId,
          'login_ok',
          pair,
          ago(loginLimits.knownClientDays * 86_400_000),
        );
        if (known === 0) throw tooMany();
      }
    },

    async failed(tenantId: number, email: string, ip: string) {
      for (const subject of Object.values(subjects(email, ip))) {
        await repo.recordAttempt(tenantId, 'login_failed', subject);
      }
    },

    async succeeded(tenantId: number, email: string, ip: string) {
      await repo.recordAttempt(tenantId, 'login_ok', subjects(email, ip).pair);
    },
  };
}
