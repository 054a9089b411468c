import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { codeIn, lastMail, signUp, tenantId } from '../support/auth.js';

// Decision 025: a one-time code gets at most five tries, however many arrive at once.
describe('one-time codes under parallel guessing', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/api${url}`, payload });
  const wrongCodes = (right: string, count: number) =>
    Array.from({ length: count }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));

  async function attemptsOf(email: string, purpose: string) {
    const row = await ctx.db
      .selectFrom('one_time_codes')
      .select(['attempts', 'consumed_at'])
      .where('email', '=', email)
      .where('purpose', '=', purpose as 'reset')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row;
  }

  /** 59 wrong guesses and the right one, all at once; the right one is sent `rightAt`. */
  async function guessReset(email: string, rightAt: number) {
    await post('/v2/auth/forgot-password', { tenant_id: tenantId, email });
    const right = codeIn((await lastMail(ctx.db, email)).subject);
    const codes = wrongCodes(right, 59);
    codes.splice(rightAt, 0, right);
    const answers = await Promise.all(
      codes.map((code) =>
        post('/v2/auth/reset-password', { tenant_id: tenantId, email, code, password: 'a-new-pass-2026' }),
      ),
    );
    return { statuses: answers.map((res) => res.statusCode), rightIndex: rightAt };
  }

  it('refuses the right reset code sent after 59 wrong ones, in every round', async () => {
    const email = 'reset-race@example.com';
    await signUp(ctx.app, ctx.db, email);
    for (let round = 0; round < 4; round++) {
      const { statuses } = await guessReset(email, 59);
      expect(statuses.filter((s) => s === 200)).toEqual([]);
      expect(statuses.filter((s) => s !== 400)).toEqual([]);
      const row = await attemptsOf(email, 'reset');
      expect(row.attempts).toBe(5);
      expect(row.consumed_at).toBeNull();
    }
  });

  it('lets at most one guess through and never more than five compared, the right one first', async () => {
    const email = 'reset-first@example.com';
    await signUp(ctx.app, ctx.db, email);
    const { statuses } = await guessReset(email, 0);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    expect(statuses.filter((s) => s !== 200 && s !== 400)).toEqual([]);
    expect((await attemptsOf(email, 'reset')).attempts).toBeLessThanOrEqual(5);
  });

  it('refuses the right sign-up code sent after 59 wrong ones, in every round', async () => {
    for (let round = 0; round < 4; round++) {
      const email = `signup-race-${round}@example.com`;
      await post('/v2/auth/signup', {
        tenant_id: tenantId,
        name: 'Race Runner',
        email,
        phone_no: '0412 000 111',
        password: 'correct horse battery',
      });
      const right = codeIn((await lastMail(ctx.db, email)).subject);
      const codes = [...wrongCodes(right, 59), right];
      const answers = await Promise.all(
        codes.map((code) => post('/v2/auth/verify-code', { tenant_id: tenantId, email, purpose: 'signup', code })),
      );
      expect(answers.filter((res) => res.statusCode === 200)).toEqual([]);
      expect((await attemptsOf(email, 'signup')).attempts).toBe(5);
      const users = await ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
      expect(users).toEqual([]);
    }
  });

  it('still takes the right code after four wrong ones, one at a time', async () => {
    const email = 'reset-sequential@example.com';
    await signUp(ctx.app, ctx.db, email);
    await post('/v2/auth/forgot-password', { tenant_id: tenantId, email });
    const right = codeIn((await lastMail(ctx.db, email)).subject);
    for (const code of wrongCodes(right, 4)) {
      const res = await post('/v2/auth/reset-password', {
        tenant_id: tenantId,
        email,
        code,
        password: 'a-new-pass-2026',
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await post('/v2/auth/reset-password', {
      tenant_id: tenantId,
      email,
      code: right,
      password: 'a-new-pass-2026',
    });
    expect(res.statusCode).toBe(200);
  });
});
