import type { Session, User } from '@orderfront/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { CodePurpose } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../mail/service.js';
import { tenantService } from '../tenants/service.js';
import { hashCode, newCode, newToken, sha256 } from './crypto.js';
import type { GoogleProfile } from './google.js';
import type { Identity, SignInListener } from './identity.js';
import { type AuthRepository, authRepository } from './repository.js';
import { outboxSmsSender } from './sms.js';

export const authLimits = {
  codeTtlMinutes: 10,
  maxTriesPerCode: 5,
  codeSendsPerAddressPerHour: 5,
  userTokenDays: 30,
  guestTokenDays: 180,
} as const;

type UserRow = NonNullable<Awaited<ReturnType<AuthRepository['findUserById']>>>;

export const wrongCode = () =>
  new AppError('bad_request', 'The code is incorrect or has expired. Request a new one.', {
    code: 'The code is incorrect or has expired',
  });

export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
export const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

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

export function missingProfile(user: UserRow): Session['needs_profile'] {
  const missing: Session['needs_profile'] = [];
  if (!user.name.trim()) missing.push('name');
  if (!user.phone_no.trim()) missing.push('phone_no');
  return missing;
}

export interface AuthServiceDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  config: Pick<Config, 'publicBaseUrl' | 'smsSender'>;
  verifyGoogle: ((idToken: string) => Promise<GoogleProfile>) | null;
  signInListeners: readonly SignInListener[];
}

/** What the sign-in flows share: one-time codes, mail and starting a session. */
export function authContext({ db, mailer, log, config, verifyGoogle, signInListeners }: AuthServiceDeps) {
  const repo = authRepository(db);
  const tenants = tenantService(db);
  const sms = config.smsSender === 'outbox' ? outboxSmsSender(repo, log) : null;

  async function assertTenant(tenantId: number) {
    if (!(await tenants.byId(tenantId))) throw new AppError('not_found', 'Unknown tenant');
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
    if (!row || row.expires_at <= new Date().toISOString() || row.attempts >= authLimits.maxTriesPerCode) {
      throw wrongCode();
    }
    const [salt = ''] = row.code_hash.split(':');
    const tried = proof.code
      ? { codeHash: hashCode(salt, proof.code) }
      : proof.linkSecret && row.link_hash
        ? { linkHash: sha256(proof.linkSecret) }
        : null;
    if (!tried || !(await repo.tryCode({ tenant_id: tenantId, id: row.id }, authLimits.maxTriesPerCode, tried)))
      throw wrongCode();
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

  async function loadUser(tenantId: number, userId: number) {
    const user = await repo.findUserById(tenantId, userId);
    if (!user) throw new AppError('unauthorized', 'Please log in');
    return user;
  }

  return {
    repo,
    tenants,
    config,
    sms,
    verifyGoogle,
    assertTenant,
    countSend,
    issueCode,
    consumeCode,
    mail,
    startSession,
    loadUser,
  };
}

export type AuthContext = ReturnType<typeof authContext>;
