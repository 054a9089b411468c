import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../src/db/seed/accounts.js';
import { createTestApp, type TestContext } from './support/app.js';
import { bearer, codeIn, logIn, signUp, tenantId } from './support/auth.js';
import { type SmtpCapture, startSmtpCapture } from './support/smtp.js';

const clientId = 'storefront-test.apps.googleusercontent.com';
const issuer = 'https://accounts.google.com';

/** A local JWKS endpoint standing in for Google's, with a key that signs test ID tokens. */
async function startJwks() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sign = (claims: Record<string, unknown>, options: { audience?: string; key?: typeof privateKey } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(issuer)
      .setAudience(options.audience ?? clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(options.key ?? privateKey);
  return {
    url: `http://127.0.0.1:${port}/certs`,
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('accounts: Google sign-in, profile, addresses, roles', () => {
  let ctx: TestContext;
  let jwks: Awaited<ReturnType<typeof startJwks>>;
  beforeAll(async () => {
    jwks = await startJwks();
    ctx = await createTestApp({
      env: {
        AUTH_RATE_LIMIT_MAX: '10000',
        GOOGLE_CLIENT_ID: clientId,
        GOOGLE_JWKS_URL: jwks.url,
        GOOGLE_ISSUER: issuer,
        SMS_SENDER: 'outbox',
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await jwks.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, payload: payload as object });
  const google = (idToken: string) =>
    call('POST', '/v2/auth/google', undefined, { tenant_id: tenantId, id_token: idToken });

  it('publishes the Google client id for the web app', async () => {
    expect((await call('GET', '/v2/auth/providers')).json().data).toEqual({ google_client_id: clientId });
  });

  it("lets Google's sign-in script and button frame through the CSP when configured", async () => {
    const csp = String((await call('GET', '/health')).headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/accounts\.google\.com\/gsi\//);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/accounts\.google\.com\/gsi\//);
  });

  it('creates an account from a verified Google ID token, asks for the phone, and links on return', async () => {
    const idToken = await jwks.sign({ sub: 'g-1', email: 'Lin@Example.com', email_verified: true, name: 'Lin' });
    const first = await google(idToken);
    expect(first.statusCode).toBe(200);
    const session = first.json().data;
    expect(session.user).toMatchObject({ email: 'lin@example.com', name: 'Lin', phone_no: '', has_password: false });
    expect(session.needs_profile).toEqual(['phone_no']);

    const completed = await call('PUT', '/v2/auth/profile', session.token, { phone_no: '0400 123 456' });
    expect(completed.json().data.phone_no).toBe('0400 123 456');
    const again = await google(await jwks.sign({ sub: 'g-1', email: 'lin@example.com', email_verified: true }));
    expect(again.json().data.user.id).toBe(session.user.id);
    expect(again.json().data.needs_profile).toEqual([]);
  });

  it('links Google to an existing account with the same verified address', async () => {
    const existing = await signUp(ctx.app, ctx.db, 'both@example.com', { password: 'both-password-1' });
    const res = await google(await jwks.sign({ sub: 'g-2', email: 'both@example.com', email_verified: true }));
    expect(res.json().data.user.id).toBe(existing.user.id);
  });

  it('refuses tokens for another audience, with an unverified address, or signed by another key', async () => {
    const wrongAudience = await google(
      await jwks.sign({ sub: 'g-3', email: 'a@example.com', email_verified: true }, { audience: 'someone-else' }),
    );
    expect(wrongAudience.statusCode).toBe(401);
    const unverified = await google(await jwks.sign({ sub: 'g-4', email: 'b@example.com', email_verified: false }));
    expect(unverified.statusCode).toBe(401);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await google(
      await jwks.sign({ sub: 'g-5', email: 'c@example.com', email_verified: true }, { key: privateKey }),
    );
    expect(forged.statusCode).toBe(401);
    expect(
      await ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', 'in', ['a@example.com', 'b@example.com', 'c@example.com'])
        .execute(),
    ).toEqual([]);
  });

  it('texts the sign-up code through the configured SMS sender too', async () => {
    await signUp(ctx.app, ctx.db, 'texted@example.com');
    const sms = await ctx.db.selectFrom('sms_outbox').select(['to', 'body']).execute();
    expect(sms).toContainEqual({ to: '0412 000 111', body: expect.stringMatching(/\b\d{6}\b/) });
  });

  it('updates the profile; an address another account uses is not taken (and not revealed)', async () => {
    const a = await signUp(ctx.app, ctx.db, 'profile-a@example.com');
    await signUp(ctx.app, ctx.db, 'profile-b@example.com');
    const res = await call('PUT', '/v2/auth/profile', a.token, { name: 'Ada B', phone_no: '+61 412 000 999' });
    expect(res.json().data).toMatchObject({ name: 'Ada B', phone_no: '+61 412 000 999' });
    const taken = await call('PUT', '/v2/auth/profile', a.token, { email: 'profile-b@example.com' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data.email).toBe('profile-a@example.com');
    expect((await call('PUT', '/v2/auth/profile', a.token, { phone_no: 'call me' })).statusCode).toBe(400);
  });

  it('changes the password (current one required), keeping this session and ending the others', async () => {
    const email = 'changer@example.com';
    const first = await signUp(ctx.app, ctx.db, email, { password: 'first-password-1' });
    const other = (await logIn(ctx.app, email, 'first-password-1')).json().data.token;
    const wrong = await call('POST', '/v2/auth/change-password', first.token, {
      current_password: 'not-it-at-all',
      new_password: 'second-password-2',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ current_password: 'The current password is wrong' });
    const res = await call('POST', '/v2/auth/change-password', first.token, {
      current_password: 'first-password-1',
      new_password: 'second-password-2',
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/v2/auth/me', first.token)).statusCode).toBe(200);
    expect((await call('GET', '/v2/auth/me', other)).statusCode).toBe(401);
    expect((await logIn(ctx.app, email, 'second-password-2')).statusCode).toBe(200);
  });

  it('signs out everywhere', async () => {
    const email = 'everywhere@example.com';
    const first = await signUp(ctx.app, ctx.db, email, { password: 'everywhere-pass-1' });
    const second = (await logIn(ctx.app, email, 'everywhere-pass-1')).json().data.token;
    expect((await call('POST', '/v2/auth/logout-all', second)).statusCode).toBe(200);
    expect((await call('GET', '/v2/auth/me', first.token)).statusCode).toBe(401);
    expect((await call('GET', '/v2/auth/me', second)).statusCode).toBe(401);
  });

  it("keeps saved addresses to their owner, validates them, and 404s someone else's", async () => {
    const owner = await signUp(ctx.app, ctx.db, 'addr-owner@example.com');
    const stranger = await signUp(ctx.app, ctx.db, 'addr-stranger@example.com');
    const address = {
      label: 'Home',
      street: '12 Crown Street',
      suburb: 'Surry Hills',
      city: 'Sydney',
      postcode: '2010',
    };
    const created = await call('POST', '/v2/addresses', owner.token, address);
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect((await call('GET', '/v2/addresses', owner.token)).json().data).toEqual([{ id, ...address }]);

    const bad = await call('POST', '/v2/addresses', owner.token, { street: '', suburb: 'S', city: '', postcode: '!' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['city', 'postcode', 'street', 'suburb']);

    expect((await call('GET', '/v2/addresses', stranger.token)).json().data).toEqual([]);
    expect((await call('PUT', `/v2/addresses/${id}`, stranger.token, address)).statusCode).toBe(404);
    expect((await call('DELETE', `/v2/addresses/${id}`, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', '/v2/addresses')).statusCode).toBe(401);
    expect((await call('DELETE', '/v2/addresses/99999999999', owner.token)).statusCode).toBe(400);

    const moved = await call('PUT', `/v2/addresses/${id}`, owner.token, { ...address, street: '14 Crown Street' });
    expect(moved.json().data.street).toBe('14 Crown Street');
    expect((await call('DELETE', `/v2/addresses/${id}`, owner.token)).statusCode).toBe(200);
    expect((await call('GET', '/v2/addresses', owner.token)).json().data).toEqual([]);
  });

  it('keeps at most 20 addresses per user', async () => {
    const user = await signUp(ctx.app, ctx.db, 'many-homes@example.com');
    const address = { street: '1 Long Road', suburb: 'Newtown', city: 'Sydney', postcode: '2042' };
    for (let i = 0; i < 20; i++)
      expect((await call('POST', '/v2/addresses', user.token, address)).statusCode).toBe(201);
    const over = await call('POST', '/v2/addresses', user.token, address);
    expect(over.statusCode).toBe(422);
    expect(over.json().error.message).toBe('You can save up to 20 addresses');
  });

  it('lets only the owner set roles: 401 without a token, 403 for other roles', async () => {
    const [owner] = demoAccounts;
    const ownerToken = (await logIn(ctx.app, owner.email, owner.password)).json().data.token;
    const customer = await signUp(ctx.app, ctx.db, 'future-staff@example.com');
    expect(customer.user.role).toBe('customer');
    const url = `/v2/staff/users/${customer.user.id}/role`;

    expect((await call('PUT', url, undefined, { role: 'staff' })).statusCode).toBe(401);
    expect((await call('PUT', url, customer.token, { role: 'owner' })).statusCode).toBe(403);
    const promoted = await call('PUT', url, ownerToken, { role: 'manager' });
    expect(promoted.json().data.role).toBe('manager');
    // The new role applies to the existing session at once, and a manager still cannot set roles.
    expect((await call('GET', '/v2/auth/me', customer.token)).json().data.role).toBe('manager');
    expect((await call('PUT', url, customer.token, { role: 'owner' })).statusCode).toBe(403);
    expect((await call('PUT', url, ownerToken, { role: 'admin' })).statusCode).toBe(400);
    expect((await call('PUT', '/v2/staff/users/999999/role', ownerToken, { role: 'staff' })).statusCode).toBe(404);
  });
});

describe('accounts: real mail over SMTP', () => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp({ env: { SMTP_URL: smtp.url, AUTH_RATE_LIMIT_MAX: '10000' } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('mails the sign-up code to a local SMTP server, and the code from that mail verifies the account', async () => {
    const email = 'smtp-user@example.com';
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/signup',
      payload: { tenant_id: tenantId, name: 'Smtp User', email, phone_no: '0412 555 666', password: 'smtp-password-1' },
    });
    expect(start.statusCode).toBe(202);
    const mail = await smtp.waitFor(email);
    const code = codeIn(mail.text);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/verify-code',
      payload: { tenant_id: tenantId, email, purpose: 'signup', code },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(email);
    expect(await ctx.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
  });
});
