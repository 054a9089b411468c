import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparableAnswer, createTestApp, type TestContext } from '../support/app.js';
import { bearer, codeIn, lastMail, signUp } from '../support/auth.js';

// Decision 025: changing the email mails a code to the new address and changes it only once the
// code comes back; the answer is the same whether or not another account uses the address.
describe('changing the email address', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(() => ctx.close());

  const call = (method: 'PUT' | 'POST' | 'GET', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('answers alike for a taken and a free address, and changes nothing until the code is entered', async () => {
    const me = await signUp(ctx.app, ctx.db, 'mover@example.com');
    await signUp(ctx.app, ctx.db, 'taken@example.com');
    const taken = await call('PUT', '/v2/auth/profile', me.token, { email: 'taken@example.com' });
    const free = await call('PUT', '/v2/auth/profile', me.token, { email: 'free@example.com' });
    expect(comparableAnswer(taken)).toEqual(comparableAnswer(free));
    expect(free.statusCode).toBe(200);
    expect(free.json().data.email).toBe('mover@example.com');

    expect((await lastMail(ctx.db, 'taken@example.com')).subject).toBe('Email change request');
    const code = codeIn((await lastMail(ctx.db, 'free@example.com')).subject);
    const wrong = await call('POST', '/v2/auth/profile/verify-email', me.token, {
      email: 'free@example.com',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('code');
    // The code is for this address only.
    const elsewhere = await call('POST', '/v2/auth/profile/verify-email', me.token, {
      email: 'taken@example.com',
      code,
    });
    expect(elsewhere.statusCode).toBe(400);

    const done = await call('POST', '/v2/auth/profile/verify-email', me.token, { email: 'free@example.com', code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.email).toBe('free@example.com');
    expect((await call('GET', '/v2/auth/me', me.token)).json().data.email).toBe('free@example.com');
    const again = await call('POST', '/v2/auth/profile/verify-email', me.token, { email: 'free@example.com', code });
    expect(again.statusCode).toBe(400);
  });

  it("cannot use another user's code", async () => {
    const a = await signUp(ctx.app, ctx.db, 'owner-a@example.com');
    const b = await signUp(ctx.app, ctx.db, 'owner-b@example.com');
    await call('PUT', '/v2/auth/profile', a.token, { email: 'wanted@example.com' });
    const code = codeIn((await lastMail(ctx.db, 'wanted@example.com')).subject);
    const res = await call('POST', '/v2/auth/profile/verify-email', b.token, { email: 'wanted@example.com', code });
    expect(res.statusCode).toBe(400);
    expect((await call('GET', '/v2/auth/me', b.token)).json().data.email).toBe('owner-b@example.com');
  });
});
