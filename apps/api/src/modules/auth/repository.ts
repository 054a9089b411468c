import { sql } from 'kysely';
import { batched } from '../../db/batch.js';
import type { Db } from '../../db/database.js';
import { precompiled, runsOnSqlite } from '../../db/precompiled.js';
import type { AuthAttemptsTable, CodePurpose, UserRole } from '../../db/schema.js';

type AttemptKind = AuthAttemptsTable['kind'];

const userColumns = ['id', 'tenant_id', 'email', 'name', 'phone_no', 'password_hash', 'google_sub', 'role'] as const;

/** A token not revoked with its user's current role, by the token's hash. */
const tokenWithRole = (db: Db, tokenHash: string) =>
  db
    .selectFrom('auth_tokens')
    .leftJoin('users', (join) =>
      join.onRef('users.id', '=', 'auth_tokens.user_id').onRef('users.tenant_id', '=', 'auth_tokens.tenant_id'),
    )
    .select([
      'auth_tokens.id',
      'auth_tokens.tenant_id',
      'auth_tokens.kind',
      'auth_tokens.user_id',
      'auth_tokens.guest_id',
      'users.role',
    ])
    .where('auth_tokens.token_hash', '=', tokenHash)
    .where('auth_tokens.revoked_at', 'is', null);

/** Every authenticated request's first read: built once (decision 050). */
const liveToken = precompiled((db: Db, tokenHash: string, now: string) =>
  tokenWithRole(db, tokenHash).where('auth_tokens.expires_at', '>', now),
);

type LiveToken = Awaited<ReturnType<typeof liveToken>>[number];

/**
 * The same row with its expiry, judged by the caller: on SQLite it is answered from memory while
 * the file is unchanged (decision 072), where a time among the arguments would make every call a
 * new key. A revocation, a role change or a new token is a commit, so the next call reads again.
 */
const tokenByHash = precompiled((db: Db, tokenHash: string) =>
  tokenWithRole(db, tokenHash).select('auth_tokens.expires_at'),
);

/**
 * On PostgreSQL the tokens of the requests that wait together are read in one statement (decision
 * 068), each with its own hash and time exactly as `liveToken` reads one; every request is still
 * answered by a read sent after it came, so a revoked or expired token is refused as before.
 */
const tokenReads = new WeakMap<Db, (key: { tokenHash: string; now: string }) => Promise<LiveToken | undefined>>();
function liveTokenBatched(db: Db, key: { tokenHash: string; now: string }) {
  let read = tokenReads.get(db);
  if (!read) {
    read = batched(
      (k: { tokenHash: string; now: string }) => `${k.tokenHash} ${k.now}`,
      async (keys) => {
        const { rows } = await sql<LiveToken & { i: string }>`
          select k.i, auth_tokens.id, auth_tokens.tenant_id, auth_tokens.kind, auth_tokens.user_id,
            auth_tokens.guest_id, users.role
          from unnest(${keys.map((k) => k.tokenHash)}::text[], ${keys.map((k) => k.now)}::timestamptz[])
            with ordinality as k(token_hash, now, i)
          join auth_tokens on auth_tokens.token_hash = k.token_hash
            and auth_tokens.revoked_at is null and auth_tokens.expires_at > k.now
          left join users on users.id = auth_tokens.user_id and users.tenant_id = auth_tokens.tenant_id`.execute(db);
        const found = new Map(rows.map(({ i, ...row }) => [Number(i), row]));
        return keys.map((_, i) => found.get(i + 1));
      },
    );
    tokenReads.set(db, read);
  }
  return read(key);
}

/** Users and guests, tokens, one-time codes and the SMS outbox; each scoped by tenant. */
export function authRepository(db: Db) {
  return { ...userRows(db), ...tokenRows(db), ...codeRows(db) };
}

export type AuthRepository = ReturnType<typeof authRepository>;

/** Users and guests. */
function userRows(db: Db) {
  return {
    findUserByEmail(tenantId: number, email: string) {
      return db
        .selectFrom('users')
        .select(userColumns)
        .where('tenant_id', '=', tenantId)
        .where('email', '=', email)
        .executeTakeFirst();
    },
    findUserById(tenantId: number, id: number) {
      return db
        .selectFrom('users')
        .select(userColumns)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    findUserByGoogleSub(tenantId: number, sub: string) {
      return db
        .selectFrom('users')
        .select(userColumns)
        .where('tenant_id', '=', tenantId)
        .where('google_sub', '=', sub)
        .executeTakeFirst();
    },
    async insertUser(values: {
      tenant_id: number;
      email: string;
      name: string;
      phone_no: string;
      password_hash: string | null;
      google_sub?: string | null;
      role?: UserRole;
    }) {
      const { id } = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    async updateUser(
      tenantId: number,
      id: number,
      values: Partial<{
        email: string;
        name: string;
        phone_no: string;
        password_hash: string;
        google_sub: string;
        role: UserRole;
      }>,
    ) {
      await db
        .updateTable('users')
        .set({ ...values, updated_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    // Guests
    async insertGuest(tenantId: number, guestId: number) {
      await db.insertInto('guests').values({ tenant_id: tenantId, guest_id: guestId }).execute();
    },
    findGuest(tenantId: number, guestId: number) {
      return db
        .selectFrom('guests')
        .select(['guest_id', 'name', 'email', 'phone_no'])
        .where('tenant_id', '=', tenantId)
        .where('guest_id', '=', guestId)
        .executeTakeFirst();
    },
    async updateGuest(tenantId: number, guestId: number, values: { name?: string; email?: string; phone_no?: string }) {
      await db
        .updateTable('guests')
        .set({ ...values, updated_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('guest_id', '=', guestId)
        .execute();
    },
    async deleteGuest(tenantId: number, guestId: number) {
      await db.deleteFrom('guests').where('tenant_id', '=', tenantId).where('guest_id', '=', guestId).execute();
    },
  };
}

/** Session tokens of users and guests. */
function tokenRows(db: Db) {
  return {
    async insertToken(values: {
      tenant_id: number;
      token_hash: string;
      kind: 'user' | 'guest';
      user_id?: number;
      guest_id?: number;
      expires_at: string;
    }) {
      await db
        .insertInto('auth_tokens')
        .values({ user_id: null, guest_id: null, ...values, created_at: new Date().toISOString() })
        .execute();
    },
    /** A live token with its user's current role (so a role change applies at once). */
    async findLiveToken(tokenHash: string, now: string): Promise<LiveToken | undefined> {
      if (!db.isTransaction && !runsOnSqlite(db)) return liveTokenBatched(db, { tokenHash, now });
      const kept = tokenByHash.nowUnchanged(db, tokenHash);
      if (kept) {
        const [row] = kept;
        // ISO times in UTC compare as text, as SQLite compares them in `liveToken`.
        if (!row || row.expires_at <= now) return undefined;
        const { expires_at: _expiresAt, ...token } = row;
        return token;
      }
      return (await liveToken(db, tokenHash, now))[0];
    },
    async revokeToken(tenantId: number, id: number) {
      await db
        .updateTable('auth_tokens')
        .set({ revoked_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
    /** Revokes every live session of a user, except `keepId` when given. */
    async revokeUserTokens(tenantId: number, userId: number, keepId?: number) {
      let query = db
        .updateTable('auth_tokens')
        .set({ revoked_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (keepId !== undefined) query = query.where('id', '!=', keepId);
      await query.execute();
    },
    async revokeGuestTokens(tenantId: number, guestId: number) {
      await db
        .updateTable('auth_tokens')
        .set({ revoked_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('kind', '=', 'guest')
        .where('guest_id', '=', guestId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

/** One-time codes, rate-limit attempts and the SMS outbox. */
function codeRows(db: Db) {
  return {
    async insertCode(values: {
      tenant_id: number;
      email: string;
      purpose: CodePurpose;
      code_hash: string;
      link_hash: string | null;
      payload: string | null;
      expires_at: string;
    }) {
      const now = new Date().toISOString();
      // Only the newest code of an address and purpose is valid.
      await db
        .updateTable('one_time_codes')
        .set({ consumed_at: now })
        .where('tenant_id', '=', values.tenant_id)
        .where('email', '=', values.email)
        .where('purpose', '=', values.purpose)
        .where('consumed_at', 'is', null)
        .execute();
      await db
        .insertInto('one_time_codes')
        .values({ ...values, created_at: now })
        .execute();
    },
    findOpenCode(tenantId: number, email: string, purpose: CodePurpose) {
      return db
        .selectFrom('one_time_codes')
        .select(['id', 'code_hash', 'link_hash', 'payload', 'attempts', 'expires_at'])
        .where('tenant_id', '=', tenantId)
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    /**
     * One try at a code, in one conditional update: it counts the try and consumes the code when
     * the proof matches, but only while the code is open, unexpired and has tries left. However
     * many tries run at once, at most `maxTries` are ever compared. True when this try consumed it.
     */
    async tryCode(
      code: { tenant_id: number; id: number },
      maxTries: number,
      proof: { codeHash: string } | { linkHash: string },
    ) {
      const now = new Date().toISOString();
      const matches = 'codeHash' in proof ? sql`code_hash = ${proof.codeHash}` : sql`link_hash = ${proof.linkHash}`;
      const row = await db
        .updateTable('one_time_codes')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          // `else consumed_at` (null here) gives the case the column's type on PostgreSQL.
          consumed_at: sql<string | null>`case when ${matches} then ${now} else consumed_at end`,
        }))
        .where('tenant_id', '=', code.tenant_id)
        .where('id', '=', code.id)
        .where('consumed_at', 'is', null)
        .where('attempts', '<', maxTries)
        .where('expires_at', '>', now)
        .returning('consumed_at')
        .executeTakeFirst();
      return row?.consumed_at != null;
    },

    // Attempt counters
    async recordAttempt(tenantId: number, kind: AttemptKind, subject: string) {
      await db
        .insertInto('auth_attempts')
        .values({ tenant_id: tenantId, kind, subject, created_at: new Date().toISOString() })
        .execute();
    },
    async countAttempts(tenantId: number, kind: AttemptKind, subject: string, since: string) {
      const row = await db
        .selectFrom('auth_attempts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenant_id', '=', tenantId)
        .where('kind', '=', kind)
        .where('subject', '=', subject)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** When the newest attempt of a kind and subject was made (null: none). */
    async lastAttemptAt(tenantId: number, kind: AttemptKind, subject: string) {
      const row = await db
        .selectFrom('auth_attempts')
        .select((eb) => eb.fn.max('created_at').as('at'))
        .where('tenant_id', '=', tenantId)
        .where('kind', '=', kind)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.at ? new Date(row.at as string | Date) : null;
    },

    // SMS outbox
    async insertSms(tenantId: number, to: string, body: string) {
      await db
        .insertInto('sms_outbox')
        .values({ tenant_id: tenantId, to, body, created_at: new Date().toISOString() })
        .execute();
    },
  };
}
