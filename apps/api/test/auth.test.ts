import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../src/modules/auth/crypto.js';
import { createTestApp, type TestContext, withoutRequestId } from './support/app.js';
import { bearer, codeIn, lastMail, logIn, signUp, tenantId } from './support/auth.js';
import { addAustralianTenant } from './support/tenants.js';

describe('accounts: sign-up, codes, login, reset', () => {
  let ctx: TestContext;
  const signIns: { tenantId: number; guestId: number; userId: number }[] = [];
  const logLines: string[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { AUTH_RATE_LIMIT_MAX: '10000', LOG_LEVEL: 'info' },
      logStream: { write: (line) => void logLines.push(line) },
      extend: (app) =>
        app.accounts.onSignIn(async (event) => {
          signIns.push(event);
        }),
    });
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: unknown, headers?: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
  const get = (url: string, headers?: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: `/api${url}`, headers });

  it('signs up with a mailed 6-digit code, stores an scrypt hash and a hashed token', async () => {
    const start = await post('/v2/auth/signup', {
      tenant_id: tenantId,
      name: 'Grace Hopper',
      email: 'Grace@Example.com',
      phone_no: '0412 111 222',
      password: 'cobol-forever-1959',
    });
    expect(start.statusCode).toBe(202);
    expect(start.json().data.status).toBe('code_sent');
    const mail = await lastMail(ctx.db, 'grace@example.com');
    const code = codeIn(mail.body_text);
    expect(await ctx.db.selectFrom('users').select('id').where('email', '=', 'grace@example.com').execute()).toEqual(
      [],
    );

    const wrong = await post('/v2/auth/verify-code', {
      tenant_id: tenantId,
      email: 'grace@example.com',
      purpose: 'signup',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('The code is incorrect or has expired. Request a new one.');

    const res = await post('/v2/auth/verify-code', {
      tenant_id: tenantId,
      email: 'grace@example.com',
      purpose: 'signup',
      code,
    });
    expect(res.statusCode).toBe(200);
    const { token, user, needs_profile } = res.json().data;
    expect(user).toMatchObject({ email: 'grace@example.com', name: 'Grace Hopper', role: 'customer' });
    expect(needs_profile).toEqual([]);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const row = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'grace@example.com')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row.password_hash).not.toContain('cobol');
    const tokens = await ctx.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(tokens.map((t) => t.token_hash)).not.toContain(token);

    const me = await get('/v2/auth/me', bearer(token));
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe('grace@example.com');

    // The code was used up: the same code again fails.
    const reused = await post('/v2/auth/verify-code', {
      tenant_id: tenantId,
      email: 'grace@example.com',
      purpose: 'signup',
      code,
    });
    expect(reused.statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const email = 'late@example.com';
    await post('/v2/auth/signup', {
      tenant_id: tenantId,
      name: 'Late',
      email,
      phone_no: '0412 111 223',
      password: 'too-late-password',
    });
    const code = codeIn((await lastMail(ctx.db, email)).subject);
    await ctx.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', email)
      .execute();
    const res = await post('/v2/auth/verify-code', { tenant_id: tenantId, email, purpose: 'signup', code });
    expect(res.statusCode).toBe(400);
  });

  it('refuses even the right code after 5 wrong tries', async () => {
    const email = 'guesser@example.com';
    await post('/v2/auth/signup', {
      tenant_id: tenantId,
      name: 'Guesser',
      email,
      phone_no: '0412 111 224',
      password: 'guessing-game-1',
    });
    const code = codeIn((await lastMail(ctx.db, email)).subject);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const res = await post('/v2/auth/verify-code', { tenant_id: tenantId, email, purpose: 'signup', code: wrong });
      expect(res.statusCode).toBe(400);
    }
    const sixth = await post('/v2/auth/verify-code', { tenant_id: tenantId, email, purpose: 'signup', code });
    expect(sixth.statusCode).toBe(400);
    expect(await ctx.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('answers sign-up, login, code and reset requests alike for known and unknown addresses', async () => {
    await signUp(ctx.app, ctx.db, 'known@example.com', { password: 'known-password-1' });
    const pairs: [string, (email: string) => unknown][] = [
      [
        '/v2/auth/signup',
        (email) => ({ tenant_id: tenantId, name: 'X', email, phone_no: '0412 999 888', password: 'whatever-1234' }),
      ],
      ['/v2/auth/login', (email) => ({ tenant_id: tenantId, email, password: 'wrong-password-9' })],
      ['/v2/auth/login-code', (email) => ({ tenant_id: tenantId, email })],
      ['/v2/auth/forgot-password', (email) => ({ tenant_id: tenantId, email })],
    ];
    for (const [url, body] of pairs) {
      const known = await post(url, body('known@example.com'));
      const unknown = await post(url, body('nobody@example.com'));
      expect(known.statusCode, url).toBe(unknown.statusCode);
      expect(withoutRequestId(known.body), url).toBe(withoutRequestId(unknown.body));
    }
    const login = await logIn(ctx.app, 'nobody@example.com', 'x');
    expect(login.statusCode).toBe(401);
    expect(login.json().error.message).toBe('Invalid email or password');
  });

  it('caps code sends per address per hour, known or not', async () => {
    for (const email of ['capped@example.com', 'capped-unknown@example.com']) {
      if (email === 'capped@example.com') await signUp(ctx.app, ctx.db, email);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await post('/v2/auth/login-code', { tenant_id: tenantId, email })).statusCode);
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    }
  });

  it('signs in with a one-time code by mail, and only the newest code counts', async () => {
    const email = 'passwordless@example.com';
    await signUp(ctx.app, ctx.db, email);
    await post('/v2/auth/login-code', { tenant_id: tenantId, email });
    const first = codeIn((await lastMail(ctx.db, email)).subject);
    await post('/v2/auth/login-code', { tenant_id: tenantId, email });
    const second = codeIn((await lastMail(ctx.db, email)).subject);
    if (first !== second) {
      const old = await post('/v2/auth/verify-code', { tenant_id: tenantId, email, purpose: 'login', code: first });
      expect(old.statusCode).toBe(400);
    }
    const res = await post('/v2/auth/verify-code', { tenant_id: tenantId, email, purpose: 'login', code: second });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(email);
  });

  it('logs in by password and logout revokes the token', async () => {
    await signUp(ctx.app, ctx.db, 'logout@example.com', { password: 'logout-password-1' });
    const res = await logIn(ctx.app, 'LOGOUT@example.com', 'logout-password-1');
    expect(res.statusCode).toBe(200);
    const { token } = res.json().data;
    expect((await get('/v2/auth/me', bearer(token))).statusCode).toBe(200);
    expect((await post('/v2/auth/logout', undefined, bearer(token))).statusCode).toBe(200);
    const after = await get('/v2/auth/me', bearer(token));
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toEqual({
      code: 'unauthorized',
      message: 'Please log in',
      request_id: expect.any(String),
    });
  });

  it('refuses a token once its time has passed, with nothing committed in between (decision 072)', async () => {
    await signUp(ctx.app, ctx.db, 'expiry@example.com', { password: 'expiry-password-1' });
    const { token } = (await logIn(ctx.app, 'expiry@example.com', 'expiry-password-1')).json().data;
    const expires = Date.now() + 400;
    await ctx.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(expires).toISOString() })
      .where('token_hash', '=', sha256(token))
      .execute();
    expect((await get('/v2/auth/me', bearer(token))).statusCode).toBe(200);
    expect((await get('/v2/auth/me', bearer(token))).statusCode).toBe(200);
    vi.useFakeTimers({ now: expires + 1, toFake: ['Date'] });
    try {
      expect((await get('/v2/auth/me', bearer(token))).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('blocks an account after 100 failed logins in an hour, even with the right password', async () => {
    await signUp(ctx.app, ctx.db, 'brute@example.com', { password: 'brute-password-1' });
    const now = new Date().toISOString();
    await ctx.db
      .insertInto('auth_attempts')
      .values(
        Array.from({ length: 99 }, () => ({
          tenant_id: tenantId,
          kind: 'login_failed' as const,
          subject: 'brute@example.com',
          created_at: now,
        })),
      )
      .execute();
    expect((await logIn(ctx.app, 'brute@example.com', 'wrong-password')).statusCode).toBe(401);
    const blocked = await logIn(ctx.app, 'brute@example.com', 'brute-password-1');
    expect(blocked.statusCode).toBe(429);
    // The same answer for an address without an account after as many failures.
    await ctx.db
      .insertInto('auth_attempts')
      .values(
        Array.from({ length: 100 }, () => ({
          tenant_id: tenantId,
          kind: 'login_failed' as const,
          subject: 'ghost@example.com',
          created_at: now,
        })),
      )
      .execute();
    const ghost = await logIn(ctx.app, 'ghost@example.com', 'brute-password-1');
    expect(ghost.statusCode).toBe(429);
    expect(withoutRequestId(ghost.body)).toBe(withoutRequestId(blocked.body));
  });

  it('resets a password with the code, revoking every other session', async () => {
    const email = 'forgetful@example.com';
    const first = await signUp(ctx.app, ctx.db, email, { password: 'old-password-1' });
    const second = (await logIn(ctx.app, email, 'old-password-1')).json().data.token;
    expect((await post('/v2/auth/forgot-password', { tenant_id: tenantId, email })).statusCode).toBe(202);
    const mail = await lastMail(ctx.db, email);
    const code = codeIn(mail.subject);
    expect(mail.body_text).toContain(`${ctx.config.publicBaseUrl}/forgot-password#email=`);

    const res = await post('/v2/auth/reset-password', { tenant_id: tenantId, email, code, password: 'new-password-2' });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.token;
    expect((await get('/v2/auth/me', bearer(first.token))).statusCode).toBe(401);
    expect((await get('/v2/auth/me', bearer(second))).statusCode).toBe(401);
    expect((await get('/v2/auth/me', bearer(fresh))).statusCode).toBe(200);
    expect((await logIn(ctx.app, email, 'old-password-1')).statusCode).toBe(401);
    expect((await logIn(ctx.app, email, 'new-password-2')).statusCode).toBe(200);
    const again = await post('/v2/auth/reset-password', { tenant_id: tenantId, email, code, password: 'third-pass-3' });
    expect(again.statusCode).toBe(400);
  });

  it('resets a password through the single-use link, whose secret is in the #fragment', async () => {
    const email = 'linked@example.com';
    await signUp(ctx.app, ctx.db, email, { password: 'old-password-1' });
    await post('/v2/auth/forgot-password', { tenant_id: tenantId, email });
    const { body_text } = await lastMail(ctx.db, email);
    const link = new URL(/https?:\/\/\S+/.exec(body_text)?.[0] ?? '');
    expect(link.search).toBe('');
    const token = new URLSearchParams(link.hash.slice(1)).get('token') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(22);
    const body = { tenant_id: tenantId, email, reset_token: token, password: 'link-password-2' };
    expect((await post('/v2/auth/reset-password', body)).statusCode).toBe(200);
    expect((await post('/v2/auth/reset-password', body)).statusCode).toBe(400);
    expect((await logIn(ctx.app, email, 'link-password-2')).statusCode).toBe(200);
  });

  it("refuses another tenant's login with this tenant's account", async () => {
    await addAustralianTenant(ctx.db, 140);
    await signUp(ctx.app, ctx.db, 'tenant139@example.com', { password: 'tenant-password-1' });
    const res = await post('/v2/auth/login', {
      tenant_id: 140,
      email: 'tenant139@example.com',
      password: 'tenant-password-1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Invalid email or password');
  });

  it('issues a guest identity, lets it merge details, and keeps it to its own guest id', async () => {
    const res = await post('/v2/auth/guest', { tenant_id: tenantId });
    expect(res.statusCode).toBe(201);
    const { guest_token, guest } = res.json().data;
    expect(guest.guest_id).toBeGreaterThanOrEqual(1_000_000);
    expect(guest.guest_id).toBeLessThanOrEqual(9_999_999);
    expect(guest).toMatchObject({ name: '', email: '', phone_no: '' });

    const put = (id: number, body: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v2/guests/${id}`,
        headers: bearer(guest_token),
        payload: body as object,
      });
    expect((await put(guest.guest_id, { name: 'Walk In' })).json().data).toMatchObject({ name: 'Walk In' });
    const merged = await put(guest.guest_id, { email: 'walk@example.com' });
    expect(merged.json().data).toEqual({
      guest_id: guest.guest_id,
      name: 'Walk In',
      email: 'walk@example.com',
      phone_no: '',
    });

    const other = (await post('/v2/auth/guest', { tenant_id: tenantId })).json().data.guest.guest_id;
    const forbidden = await put(other, { name: 'Hijack' });
    expect(forbidden.statusCode).toBe(403);
    expect((await get(`/v2/guests/${other}`, bearer(guest_token))).statusCode).toBe(403);
    expect((await get(`/v2/guests/${guest.guest_id}`, bearer(guest_token))).statusCode).toBe(200);
    // A guest token is not a user's.
    expect((await get('/v2/auth/me', bearer(guest_token))).statusCode).toBe(401);
    expect((await put(guest.guest_id, { nickname: 'x' })).json().error.fields).toEqual({ nickname: 'Unknown field' });
  });

  it('ends a guest identity on request, revoking its token', async () => {
    const { guest_token, guest } = (await post('/v2/auth/guest', { tenant_id: tenantId })).json().data;
    const end = await ctx.app.inject({ method: 'DELETE', url: '/api/v2/auth/guest', headers: bearer(guest_token) });
    expect(end.statusCode).toBe(200);
    expect((await get(`/v2/guests/${guest.guest_id}`, bearer(guest_token))).statusCode).toBe(401);
    expect((await post('/v2/auth/guest', { tenant_id: 99999 })).statusCode).toBe(404);
  });

  it('hands the guest to the sign-in listeners and ends the guest identity', async () => {
    await signUp(ctx.app, ctx.db, 'merge@example.com', { password: 'merge-password-1' });
    const guest = (await post('/v2/auth/guest', { tenant_id: tenantId })).json().data;
    const res = await logIn(ctx.app, 'merge@example.com', 'merge-password-1', bearer(guest.guest_token));
    expect(res.statusCode).toBe(200);
    expect(signIns).toContainEqual({ tenantId, guestId: guest.guest.guest_id, userId: res.json().data.user.id });
    expect((await get(`/v2/guests/${guest.guest.guest_id}`, bearer(guest.guest_token))).statusCode).toBe(401);
  });

  it('never writes a token to the log', async () => {
    const session = await signUp(ctx.app, ctx.db, 'quiet@example.com', { password: 'quiet-password-1' });
    const guest = (await post('/v2/auth/guest', { tenant_id: tenantId })).json().data;
    await get('/v2/auth/me', bearer(session.token));
    await get('/v2/auth/me', bearer(guest.guest_token));
    await post('/v2/auth/logout', undefined, bearer(session.token));
    const log = logLines.join('');
    expect(log).toContain('/api/v2/auth/me');
    expect(log).not.toContain(session.token);
    expect(log).not.toContain(guest.guest_token);
  });

  it('rejects unknown fields and bad values with the field named', async () => {
    const res = await post('/v2/auth/signup', {
      tenant_id: tenantId,
      name: '',
      email: 'not-an-email',
      phone_no: 'x',
      password: 'short',
      admin: true,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['admin', 'email', 'name', 'password', 'phone_no']);
  });
});

describe('accounts: per-IP rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
  });
  afterAll(() => ctx.close());

  it('answers 429 after the configured number of sign-in calls per minute from one IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await logIn(ctx.app, 'someone@example.com', 'password-1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
