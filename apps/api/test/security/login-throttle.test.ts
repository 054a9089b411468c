import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { signUp, tenantId } from '../support/auth.js';

// Decision 025: guessing is throttled per account and client and capped per address, so an
// attacker elsewhere cannot lock the owner out, and guessing stays at 100 failures an hour.
describe('password sign-in throttling', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(() => ctx.close());

  const password = 'the-owners-password-1';
  const login = (email: string, pass: string, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      remoteAddress: ip,
      payload: { tenant_id: tenantId, email, password: pass },
    });

  /**
   * Failed sign-ins as the app records them (account, account and address, address), written
   * directly: a hundred scrypt checks would take most of a busy machine's test budget.
   */
  async function recordFailures(email: string, count: number, ip: (i: number) => string) {
    const at = new Date().toISOString();
    const rows = Array.from({ length: count }, (_, i) =>
      [email, `${email}|${ip(i)}`, `ip:${ip(i)}`].map((subject) => ({
        tenant_id: tenantId,
        kind: 'login_failed' as const,
        subject,
        created_at: at,
      })),
    ).flat();
    await ctx.db.insertInto('auth_attempts').values(rows).execute();
  }

  it('lets the owner in from her usual address after 100 wrong passwords from elsewhere', async () => {
    const email = 'owner-under-attack@example.com';
    await signUp(ctx.app, ctx.db, email, { password });
    expect((await login(email, password, '10.1.0.1')).statusCode).toBe(200);

    await recordFailures(email, 99, (i) => `10.2.${Math.floor(i / 5)}.${i % 5}`);
    expect((await login(email, 'one-more-guess', '10.2.99.1')).statusCode).toBe(401);

    expect((await login(email, password, '10.1.0.1')).statusCode).toBe(200);
    // Guessing stays bounded: a client that never signed in to the account gets no more tries.
    const stranger = await login(email, password, '10.3.0.1');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error.code).toBe('rate_limited');
  });

  it('slows one client down after five failures without touching another client', async () => {
    const email = 'slowed@example.com';
    await signUp(ctx.app, ctx.db, email, { password });
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong-${i}`, '10.4.0.1')).statusCode).toBe(401);
    const sixth = await login(email, password, '10.4.0.1');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toMatch(/Try again in \d+ seconds/);
    expect((await login(email, password, '10.4.0.2')).statusCode).toBe(200);

    // Once the delay has passed (here: the failures moved two seconds back), one more try is allowed.
    await ctx.db
      .updateTable('auth_attempts')
      .set({ created_at: new Date(Date.now() - 2_000).toISOString() })
      .where('subject', '=', `${email}|10.4.0.1`)
      .execute();
    expect((await login(email, 'still-wrong', '10.4.0.1')).statusCode).toBe(401);
    expect((await login(email, password, '10.4.0.1')).statusCode).toBe(429);
  });

  it('caps one address at 100 failures an hour over every account', async () => {
    await recordFailures('sprayed@example.com', 99, () => '10.5.0.1');
    expect((await login('sprayed-other@example.com', 'anything', '10.5.0.1')).statusCode).toBe(401);
    const after = await login('sprayed-25@example.com', 'anything', '10.5.0.1');
    expect(after.statusCode).toBe(429);
    expect((await login('sprayed-25@example.com', 'anything', '10.5.0.2')).statusCode).toBe(401);
  });
});
